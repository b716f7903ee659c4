/**
 * The many-specification pack (issue 22) gives the same results as the engine gave before its
 * optimisations: same applicable, passing and failing elements, same failures and reasons, compared
 * as digests with bench/many-spec-results.expected.json (computed at commit 1484793 by
 * bench/many-spec-expected.ts, not by the code under test).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { generateIfc } from '@plumbline/ifc-gen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_SPEC_CASES, MANY_SPEC_MODEL } from './lib/many-spec-cases';
import { manySpecPack } from './lib/many-spec-pack';
import { digestSpecification, type SpecificationDigest } from './lib/result-digest';

let dir: string;
let model: ReturnType<typeof readIfc>;
let expected: { cases: Record<string, SpecificationDigest[]> };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plumbline-many-'));
  const summary = await generateIfc({ ...MANY_SPEC_MODEL, out: join(dir, 'model.ifc') });
  const bytes = await readFile(summary.path);
  model = readIfc(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  expected = JSON.parse(await readFile(join(import.meta.dirname, 'many-spec-results.expected.json'), 'utf8'));
}, 120_000);

afterAll(async () => {
  model?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('many-specification pack', () => {
  it.each(MANY_SPEC_CASES.map((c) => [c.name, c] as const))('%s: same results as before', (name, c) => {
    const report = checkModel(model, parseIds(manySpecPack(c)));
    const actual = report.specifications.map((s) =>
      digestSpecification({
        ...s,
        failing: s.elements.filter((e) => !e.passed),
        passingIds: s.elements.filter((e) => e.passed).map((e) => e.id),
      }),
    );
    const reference = expected.cases[name] ?? [];
    expect(reference.length).toBe(c.specifications);
    // Some specifications apply and some of those fail: the comparison is not of empty results.
    expect(reference.filter((s) => s.failed > 0).length).toBeGreaterThan(5);
    for (let i = 0; i < reference.length; i++) expect(actual[i]).toEqual(reference[i]);
  });
});
