/**
 * Writes bench/many-spec-results.expected.json: the digest of the engine's results on the
 * many-specification packs (lib/many-spec-cases.ts). Run once at the commit whose results are the
 * reference (1484793, before issue 22's optimisations): `npx tsx --conditions=source bench/many-spec-expected.ts`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { generateIfc } from '@plumbline/ifc-gen';
import { MANY_SPEC_CASES, MANY_SPEC_MODEL } from './lib/many-spec-cases';
import { manySpecPack } from './lib/many-spec-pack';
import { digestResult } from './lib/result-digest';

const dir = await mkdtemp(join(tmpdir(), 'plumbline-many-'));
try {
  const summary = await generateIfc({ ...MANY_SPEC_MODEL, out: join(dir, 'model.ifc') });
  const bytes = await readFile(summary.path);
  const model = readIfc(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const out: Record<string, unknown> = {};
  for (const c of MANY_SPEC_CASES) {
    const report = checkModel(model, parseIds(manySpecPack(c)));
    out[c.name] = report.specifications.map((s) => digestResult(s));
  }
  model.dispose();
  await writeFile(
    join(import.meta.dirname, 'many-spec-results.expected.json'),
    `${JSON.stringify({ commit: '1484793', model: MANY_SPEC_MODEL, cases: out }, null, 0).replaceAll('},{', '},\n{')}\n`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
