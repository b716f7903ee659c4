/**
 * End to end: our engine checks generated models against bench.ids and must report exactly the
 * failures the generator injected (per specification: status, applicable and failed counts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkModel, checkModelInParallel, parseIds } from '@plumbline/ids';
import { checkPart, claimsFor } from '@plumbline/ids/check/check-model';
import { checkPartOnThread } from '@plumbline/ids/check/parallel-check';
import { readIfc, readIfcFile, shareModel } from '@plumbline/ifc';
import { generateIfc, type VersionTag } from '@plumbline/ifc-gen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareOutcomes, expectedOutcomes } from './lib/expected-results';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plumbline-e2e-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('engine on generated models', () => {
  it.each([1, 2, 3] as VersionTag[])(
    'reports exactly the injected failures (version %i)',
    async (versionTag) => {
      const summary = await generateIfc({
        targetBytes: 1_200_000,
        seed: 11,
        versionTag,
        out: join(dir, `v${versionTag}.ifc`),
      });
      const bytes = await readFile(summary.path);
      const model = readIfc(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      const ids = parseIds(await readFile(join(import.meta.dirname, 'bench.ids'), 'utf8'));
      const report = checkModel(model, ids);
      model.dispose();
      expect(report.status).not.toBe('invalid');
      expect(compareOutcomes(expectedOutcomes(summary), report.specifications)).toEqual([]);
      // On several threads (decision 0182): the same report, element for element.
      const shared = await readIfcFile(summary.path);
      const parallel = await checkModelInParallel(shared, ids, {}, { minInstances: 0 });
      expect(parallel.specifications).toEqual(report.specifications);
      // A thread really checks the blocks it claims (not this thread standing in for it): here
      // thread 0 has claimed every third block first, thread 1 claims the rest on its own thread,
      // and checking again what each claimed ('redo', as for a thread that failed) gives its results.
      const claims = claimsFor(shared, 64);
      for (let b = 0; b < claims.length; b += 3) claims[b] = 1;
      const part = { index: 1, block: 64, claims };
      const onThread = await checkPartOnThread({
        model: shareModel(shared)!,
        specifications: ids.specifications,
        part,
      });
      expect(onThread).not.toBeNull();
      expect(onThread).toEqual(checkPart(shared, ids.specifications, { ...part, redo: true }));
      const size = (p: { passingIds: ArrayLike<number>; failing: { ids: ArrayLike<number> } }) =>
        p.passingIds.length + p.failing.ids.length;
      expect(onThread!.specifications.some((p) => size(p) > 0)).toBe(true);
      const theirs = checkPart(shared, ids.specifications, { index: 0, block: 64, claims, redo: true });
      expect(theirs.specifications.some((p) => size(p) > 0)).toBe(true);
      // Between them, the two threads checked every element once.
      expect(onThread!.specifications.map((p, s) => size(p) + size(theirs.specifications[s]!))).toEqual(
        report.specifications.map((s) => s.applicableCount),
      );
      shared.dispose();
      const failing = report.specifications.filter((s) => s.status === 'fail').length;
      expect(failing).toBeGreaterThan(0);
    },
  );
});
