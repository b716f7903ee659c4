/**
 * Writes the digest of the engine's results on the many-specification packs: by default the
 * property-keyed packs (lib/many-spec-cases.ts `MANY_SPEC_CASES`) into
 * bench/many-spec-results.expected.json, run once at commit 1484793 (before issue 22's
 * optimisations); with `--shape class` the entity-class packs (`CLASS_PACK_CASES`) into
 * bench/class-pack-results.expected.json, run once with the engine of c797470 (before issue 36's).
 * Both were re-run once when issue 35 changed how a long value list is worded ("+N more", fold.ts):
 * every failing line of 16449f6 and of the new wording was compared in full first, and they differed
 * only in that wording (same first value, same number of values).
 * `npx tsx --conditions=source bench/many-spec-expected.ts [--shape class]`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { generateIfc } from '@plumbline/ifc-gen';
import { classPack } from './lib/class-pack';
import { CLASS_PACK_CASES, MANY_SPEC_CASES, MANY_SPEC_MODEL } from './lib/many-spec-cases';
import { manySpecPack } from './lib/many-spec-pack';
import { digestResult } from './lib/result-digest';

const { values } = parseArgs({ options: { shape: { type: 'string', default: 'property' } } });
const classShape = values.shape === 'class';
const cases = classShape
  ? CLASS_PACK_CASES.map((c) => ({ name: c.name, xml: () => classPack(c) }))
  : MANY_SPEC_CASES.map((c) => ({ name: c.name, xml: () => manySpecPack(c) }));
const dir = await mkdtemp(join(tmpdir(), 'plumbline-many-'));
try {
  const summary = await generateIfc({ ...MANY_SPEC_MODEL, out: join(dir, 'model.ifc') });
  const bytes = await readFile(summary.path);
  const model = readIfc(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const out: Record<string, unknown> = {};
  for (const c of cases) {
    const report = checkModel(model, parseIds(c.xml()));
    out[c.name] = report.specifications.map((s) => digestResult(s));
  }
  model.dispose();
  const file = classShape ? 'class-pack-results.expected.json' : 'many-spec-results.expected.json';
  await writeFile(
    join(import.meta.dirname, file),
    `${JSON.stringify({ commit: classShape ? 'c797470, worded as of issue 35' : '1484793, worded as of issue 35', model: MANY_SPEC_MODEL, cases: out }, null, 0).replaceAll('},{', '},\n{')}\n`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
