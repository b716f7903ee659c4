/**
 * The linter over buildingSMART's conformance cases (../shared/ids-testcases): every case the
 * manifest calls invalid gets at least one error, no valid case gets one (XSD included, as the CLI
 * and the server lint). And over the real-world examples (../shared/ids-examples): no errors, no
 * crash, and the findings stay in reading order with ranges inside the file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest, testcasesDirectory } from '../conformance/manifest-runner';
import { lintIdsFile } from './lint-file';

const dir = testcasesDirectory();
const manifest = loadManifest(dir);
const examples = join(dir, '../ids-examples');

describe.skipIf(manifest === null)('lint over the conformance cases', { timeout: 300_000 }, () => {
  it('reports an error for every invalid case and none for the valid ones', async () => {
    const wrong: string[] = [];
    let invalid = 0;
    for (const c of manifest ?? []) {
      const { diagnostics } = await lintIdsFile(readFileSync(join(dir, c.ids)));
      const errors = diagnostics.filter((d) => d.severity === 'error');
      if (c.expected === 'invalid') {
        invalid++;
        if (errors.length === 0) wrong.push(`${c.id}: no error`);
      } else if (errors.length > 0)
        wrong.push(`${c.id}: ${errors.map((e) => `${e.rule}: ${e.message}`).join('; ')}`);
    }
    expect(invalid).toBe(21);
    expect(wrong).toEqual([]);
  });
});

describe.skipIf(!existsSync(examples))('lint over the real-world examples', { timeout: 300_000 }, () => {
  it('finds no error in any example and keeps every range inside its file', async () => {
    const files = readdirSync(examples).filter((f) => f.endsWith('.ids'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(join(examples, file), 'utf8');
      const lines = text.split(/\r\n|\r|\n/);
      const { diagnostics } = await lintIdsFile(text);
      expect(diagnostics.filter((d) => d.severity === 'error').map((d) => `${file}: ${d.message}`)).toEqual(
        [],
      );
      for (const d of diagnostics) {
        const line = lines[d.range.start.line - 1];
        expect(line, `${file} ${d.rule}`).toBeDefined();
        expect(d.range.start.column).toBeLessThanOrEqual((line as string).length + 1);
      }
    }
  });
});
