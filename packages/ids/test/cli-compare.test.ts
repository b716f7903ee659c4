/**
 * `plumbline compare` end to end on a real model (the buildingSMART wooden-windows example): the
 * model against itself, against a copy whose GlobalIds were all regenerated, the HTML and BCF
 * outputs and the refusals. Derived versions with known edits are the server's acceptance test
 * (apps/server/test/history.test.ts), which runs this command too.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './cli-io';

const examples = join(import.meta.dirname, '../../../../shared/ids-examples');
const model = join(examples, 'IDS_wooden-windows_IFC.ifc');
const ids = join(examples, 'IDS_wooden-windows.ids');
const haveExample = existsSync(model) && existsSync(ids);

let dir: string;
let regenerated: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-compare-'));
  if (!haveExample) return;
  // Every GlobalId replaced by a new valid one ('3zzz' and a counter), as a re-export would.
  let n = 0;
  const text = readFileSync(model, 'latin1').replace(
    /^(#\d+\s*=\s*IFC\w+\(')[0-9A-Za-z_$]{22}'/gm,
    (_, head) => {
      n++;
      return `${head}3zzz${n.toString(36).padStart(18, '0')}'`;
    },
  );
  regenerated = join(dir, 'regenerated.ifc');
  writeFileSync(regenerated, text, 'latin1');
});

async function run(...args: string[]) {
  const io = captureIo({ cwd: dir });
  const code = await runCli(['compare', ...args], io);
  return { code, out: io.out(), outBytes: io.outBytes(), err: io.err() };
}

describe.skipIf(!haveExample)('plumbline compare on the wooden-windows example', { timeout: 120_000 }, () => {
  it('finds nothing new comparing a model with itself, and exits 0', async () => {
    const result = await run(model, model, ids);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out);
    expect(Object.keys(json)).toEqual(['specifications', 'elements']);
    expect(json.elements.matchedByContent).toBe(0);
    expect(json.elements.added + json.elements.removed).toBe(0);
    for (const spec of json.specifications) {
      expect(Object.keys(spec)).toEqual(['name', 'identifier', 'new', 'resolved', 'removed', 'persisting']);
      expect([spec.new, spec.resolved, spec.removed]).toEqual([[], [], []]);
    }
    // What persists is what the check finds failing.
    const check = captureIo({ cwd: dir });
    await runCli(['check', model, ids, '--format', 'json'], check);
    const failed = JSON.parse(check.out()).specifications.reduce(
      (sum: number, s: { failingElements: { failures: unknown[] }[] }) =>
        sum + s.failingElements.reduce((n, e) => n + Math.max(1, e.failures.length), 0),
      0,
    );
    expect(
      json.specifications.reduce((sum: number, s: { persisting: number }) => sum + s.persisting, 0),
    ).toBe(failed);
  });

  it('matches every element by content when all GlobalIds were regenerated', async () => {
    const same = JSON.parse((await run(model, model, ids)).out);
    const result = await run(model, regenerated, ids);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out);
    expect(json.elements.matchedByGlobalId).toBe(0);
    expect(json.elements.matchedByContent).toBe(same.elements.matchedByGlobalId);
    expect(json.specifications.every((s: { new: unknown[] }) => s.new.length === 0)).toBe(true);
  });

  it('writes the new failures as BCF and the comparison as HTML', async () => {
    const html = await run(model, model, ids, '--format', 'html');
    expect(html.out).toContain('<!doctype html>');
    expect(html.out).toContain('What changed');
    const bcf = await run(model, model, ids, '--out', join(dir, 'new.bcf'));
    expect(bcf.code).toBe(0);
    const archive = unzipSync(new Uint8Array(readFileSync(join(dir, 'new.bcf'))));
    expect(Object.keys(archive)).toContain('bcf.version');
  });

  it('refuses a missing IDS argument and an invalid IDS', async () => {
    expect((await run(model, model)).code).toBe(2);
    const broken = join(dir, 'broken.ids');
    writeFileSync(broken, readFileSync(ids, 'utf8').replace('<ids:title>', '<ids:titel>'));
    const result = await run(model, model, broken);
    expect(result.code).toBe(2);
    expect(result.err).toContain('is invalid');
  });
});
