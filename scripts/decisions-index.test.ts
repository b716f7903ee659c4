// The decisions index lists every record once, with the record's own title, status and area, and every
// record has the one header format (decision 0211). Records other sessions add (any number) pass as long
// as they are well-formed and listed; a failure names the line to add or fix.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type DecisionRecord,
  decisionsDir,
  type IndexLine,
  indexFile,
  indexLineOf,
  readIndex,
  readRecordHeader,
  recordFiles,
  renderIndex,
} from './decisions';

const headers = recordFiles().map((file) =>
  readRecordHeader(file, readFileSync(join(decisionsDir, file), 'utf8')),
);
const records = headers.filter((h): h is DecisionRecord => typeof h !== 'string');
const indexText = readFileSync(indexFile, 'utf8');
const indexLines = readIndex(indexText);
const listed = indexLines.filter((l): l is IndexLine => typeof l !== 'string');

describe('decision records', () => {
  it('all have the one header format', () => {
    expect(headers.filter((h) => typeof h === 'string')).toEqual([]);
    expect(records.length).toBeGreaterThan(100);
  });

  it('have numbers of their own', () => {
    const seen = new Map<string, string[]>();
    for (const r of records) seen.set(r.number, [...(seen.get(r.number) ?? []), r.file]);
    expect([...seen.values()].filter((files) => files.length > 1)).toEqual([]);
  });

  it('are superseded only by records that exist', () => {
    const numbers = new Set(records.map((r) => r.number));
    const dangling = records
      .filter((r) => r.status.startsWith('superseded by '))
      .filter((r) => !numbers.has(r.status.slice('superseded by '.length)))
      .map((r) => `${r.file}: ${r.status}`);
    expect(dangling).toEqual([]);
  });
});

describe('the index, docs/decisions/README.md', () => {
  it('has only well-formed record lines', () => {
    expect(indexLines.filter((l) => typeof l === 'string')).toEqual([]);
  });

  it('lists every record', () => {
    const numbers = new Set(listed.map((l) => l.number));
    const missing = records.filter((r) => !numbers.has(r.number)).map(indexLineOf);
    // Each missing record with the line to add for it.
    expect(missing).toEqual([]);
  });

  it('lists each record once, and nothing that is not a record', () => {
    const count = new Map<string, number>();
    for (const l of listed) count.set(l.number, (count.get(l.number) ?? 0) + 1);
    expect([...count].filter(([, n]) => n > 1).map(([number]) => number)).toEqual([]);
    const numbers = new Set(records.map((r) => r.number));
    expect(listed.filter((l) => !numbers.has(l.number)).map((l) => `line ${l.line}: ${l.number}`)).toEqual(
      [],
    );
  });

  it("agrees with each record's file, title, status and area", () => {
    const byNumber = new Map(records.map((r) => [r.number, r]));
    const wrong = listed.flatMap((l) => {
      const record = byNumber.get(l.number);
      if (!record || indexLineOf(l) === indexLineOf(record)) return [];
      return [`line ${l.line}: ${indexLineOf(l)}\n  should be: ${indexLineOf(record)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('lists the records in number order', () => {
    const numbers = listed.map((l) => l.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('is what `npx tsx scripts/decisions.ts --write` writes', () => {
    expect(renderIndex(indexText, records)).toBe(indexText);
  });
});

describe('docs/ARCHITECTURE.md', () => {
  const architecture = readFileSync(join(decisionsDir, '..', 'ARCHITECTURE.md'), 'utf8');

  it('is a map: at most 200 lines', () => {
    expect(architecture.split('\n').length - (architecture.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(200);
  });

  it('cites no record that is superseded or retired', () => {
    const byNumber = new Map(records.map((r) => [r.number, r]));
    const stale = [...new Set(architecture.match(/\b0\d{3}\b/g) ?? [])]
      .map((n) => byNumber.get(n))
      .filter((r): r is DecisionRecord => r !== undefined && r.status !== 'accepted')
      .map((r) => `${r.number}: ${r.status}`);
    expect(stale).toEqual([]);
  });
});
