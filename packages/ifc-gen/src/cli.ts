/**
 * CLI: npm run gen:ifc -- --mb 50 --out /tmp/model-50mb.ifc [--seed 1] [--version-tag 1|2|3]
 *   [--shape standard|many-psets] [--extra-psets N]
 * Writes the model and, beside it, `<out>.json` with the generator summary (counts, defects).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateIfc, MANY_PSETS_EXTRA } from './index';

const USAGE =
  'usage: npm run gen:ifc -- --mb N --out FILE [--seed S] [--schema IFC4] [--version-tag 1|2|3] [--shape standard|many-psets] [--extra-psets N]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mb: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
      schema: { type: 'string', default: 'IFC4' },
      'version-tag': { type: 'string', default: '1' },
      shape: { type: 'string', default: 'standard' },
      'extra-psets': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.mb || !values.out) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const mb = Number(values.mb);
  const seed = Number(values.seed);
  const version = Number(values['version-tag']);
  // many-psets: each wall, door and window carries 8 further property sets (10 of its own in all).
  const extra =
    values['extra-psets'] !== undefined
      ? Number(values['extra-psets'])
      : values.shape === 'many-psets'
        ? MANY_PSETS_EXTRA
        : 0;
  if (
    !(mb > 0) ||
    !Number.isInteger(seed) ||
    ![1, 2, 3].includes(version) ||
    values.schema !== 'IFC4' ||
    !['standard', 'many-psets'].includes(values.shape) ||
    !(Number.isInteger(extra) && extra >= 0 && extra <= 64)
  ) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const summary = await generateIfc({
    targetBytes: Math.round(mb * 1_000_000),
    out: values.out,
    seed,
    versionTag: version as 1 | 2 | 3,
    schema: 'IFC4',
    extraPropertySets: extra,
  });
  await writeFile(`${values.out}.json`, `${JSON.stringify(summary, null, 2)}\n`);
  const mbWritten = summary.bytes / 1e6;
  console.log(
    `${values.out}: ${mbWritten.toFixed(1)} MB, ${summary.instances.toLocaleString('en')} instances, ` +
      `${summary.elements.toLocaleString('en')} elements in ${summary.buildings} building${summary.buildings === 1 ? '' : 's'} / ${summary.storeys} storey${summary.storeys === 1 ? '' : 's'}, ` +
      `${summary.seconds.toFixed(2)} s (${(mbWritten / summary.seconds).toFixed(0)} MB/s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
