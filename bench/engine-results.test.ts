/**
 * End to end: our engine checks generated models against bench.ids and must report exactly the
 * failures the generator injected (per specification: status, applicable and failed counts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
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
      const failing = report.specifications.filter((s) => s.status === 'fail').length;
      expect(failing).toBeGreaterThan(0);
    },
  );
});
