/**
 * Engine benchmark: npm run bench -- [--sizes 10,50,200] [--psets-sizes 200] [--runs 1] [--seed 1]
 *   [--with-web-ifc] [--no-ifc-lite] [--json FILE] [--with-1gb] [--large-mb 1000]
 *   [--many-mb 40] [--many-specs 20,100,400,848] [--many-formats console,json,html,bcf]
 *   [--many-shapes property,class] [--mixed-ids bench/mixed.ids | --no-mixed]
 *   [--no-many | --only-many] [--validity-mb 200 | --no-validity | --only-validity]
 *
 * For each size, generates bench/out/model-<N>mb.ifc if missing, then measures in fresh child
 * processes: our engine (read + parse IDS + check against bench/bench.ids) and @ifc-lite/parser
 * extracting the property sets of walls, doors and windows (optionally web-ifc too). The sizes of
 * --psets-sizes are measured again on the many-property-sets shape (8 further sets on each wall,
 * door and window). Reports the median of the runs, peak RSS per byte of IFC, checks the engine's
 * results against what the generator injected, and prints PASS/MISS against the targets at 200 MB
 * on both shapes. --with-1gb also runs the command line on a 1 GB model in every report format.
 * The validity section (lib/validity-bench.ts) times buildingSMART's rules after the check on the
 * --validity-mb model (and the 1 GB one with --with-1gb) against the 25 % and memory targets;
 * `npm run bench:validity [-- --with-1gb]` runs that section alone. BENCH_MODELS_DIR puts the
 * generated models elsewhere than bench/out (e.g. /tmp).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { GENERATOR_VERSION, type GenerateSummary, generateIfc, MANY_PSETS_EXTRA } from '@plumbline/ifc-gen';
import type { ChildResult } from './bench-child';
import { buildBenchChild } from './lib/build-child';
import { compareOutcomes, expectedOutcomes } from './lib/expected-results';
import {
  formatManySpecRatios,
  formatManySpecTable,
  MANY_SPEC_FORMATS,
  MANY_SPEC_SHAPES,
  type ManySpecCase,
  type ManySpecFormat,
  type ManySpecShape,
  manySpecCases,
  writePack,
} from './lib/many-spec-bench';
import {
  evaluateTargets,
  formatLargeTable,
  formatTable,
  type LargeRow,
  type ModelShape,
  median,
  type SizeRow,
} from './lib/report';
import { validitySection } from './lib/validity-bench';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = join(here, 'out');
/** Where generated models go: bench/out, or BENCH_MODELS_DIR (say /tmp, for the 1 GB model). */
const MODELS_DIR = process.env.BENCH_MODELS_DIR || OUT_DIR;
const IDS_PATH = join(here, 'bench.ids');
/** 20 specifications mixing every facet kind (issue 36), checked on the standard shape beside bench.ids. */
const MIXED_IDS_PATH = join(here, 'mixed.ids');
/** The child, bundled into bench/out/child before the first measurement (lib/build-child.ts). */
let child: Promise<string> | null = null;

async function ensureModel(
  sizeMb: number,
  seed: number,
  shape: ModelShape = 'standard',
): Promise<{ path: string; summary: GenerateSummary }> {
  const suffix = shape === 'many-psets' ? `-psets${MANY_PSETS_EXTRA}` : '';
  const path = join(MODELS_DIR, `model-${sizeMb}mb-seed${seed}${suffix}.ifc`);
  const summaryPath = `${path}.json`;
  if (existsSync(path) && existsSync(summaryPath)) {
    const cached = JSON.parse(await readFile(summaryPath, 'utf8')) as GenerateSummary;
    if (cached.generatorVersion === GENERATOR_VERSION) return { path, summary: cached };
  }
  await mkdir(MODELS_DIR, { recursive: true });
  process.stdout.write(`generating ${relative(process.cwd(), path)} … `);
  const summary = await generateIfc({
    targetBytes: sizeMb * 1_000_000,
    seed,
    out: path,
    ...(shape === 'many-psets' ? { extraPropertySets: MANY_PSETS_EXTRA } : {}),
  });
  await writeFile(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.seconds.toFixed(1)} s`);
  return { path, summary };
}

async function measure(engine: string, model: string, ids = IDS_PATH): Promise<ChildResult> {
  const needsIds = engine.startsWith('plumbline') || engine.startsWith('cli-');
  child ??= buildBenchChild(join(OUT_DIR, 'child'));
  const args = [await child, engine, model, ...(needsIds ? [ids] : [])];
  try {
    const { stdout } = await run(process.execPath, args, {
      maxBuffer: 64 << 20,
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    const line = stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(line) as ChildResult;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`${engine} failed on ${model}:\n${stderr.trim().split('\n').slice(0, 8).join('\n')}`);
  }
}

async function measureMedian(
  engine: string,
  model: string,
  runs: number,
  ids = IDS_PATH,
): Promise<ChildResult | Error> {
  const results: ChildResult[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      results.push(await measure(engine, model, ids));
    } catch (error) {
      return error as Error;
    }
  }
  const byTime = [...results].sort((a, b) => a.wallMs - b.wallMs);
  const mid = byTime[Math.floor((byTime.length - 1) / 2)]!;
  return {
    ...mid,
    wallMs: median(results.map((r) => r.wallMs)),
    maxRssBytes: median(results.map((r) => r.maxRssBytes)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10,50,200' },
      'psets-sizes': { type: 'string', default: '200' },
      'with-1gb': { type: 'boolean', default: false },
      'large-mb': { type: 'string', default: '1000' },
      runs: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      'with-web-ifc': { type: 'boolean', default: false },
      'no-ifc-lite': { type: 'boolean', default: false },
      json: { type: 'string' },
      'many-mb': { type: 'string', default: '40' },
      'many-specs': { type: 'string', default: '20,100,400,848' },
      'many-formats': { type: 'string', default: MANY_SPEC_FORMATS.join(',') },
      'many-shapes': { type: 'string', default: MANY_SPEC_SHAPES.join(',') },
      'no-many': { type: 'boolean', default: false },
      'only-many': { type: 'boolean', default: false },
      'mixed-ids': { type: 'string', default: MIXED_IDS_PATH },
      'no-mixed': { type: 'boolean', default: false },
      'validity-mb': { type: 'string', default: '200' },
      'no-validity': { type: 'boolean', default: false },
      'only-validity': { type: 'boolean', default: false },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  const psetsSizes = values['psets-sizes'] === 'none' ? [] : values['psets-sizes'].split(',').map(Number);
  const runsOf: [number, ModelShape][] = [
    ...sizes.map((size): [number, ModelShape] => [size, 'standard']),
    ...psetsSizes.map((size): [number, ModelShape] => [size, 'many-psets']),
  ];
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  if ([...sizes, ...psetsSizes].some((s) => !(s > 0)) || !(runs >= 1) || !Number.isInteger(seed)) {
    throw new Error(
      'usage: npm run bench -- [--sizes 10,50,200] [--runs 3] [--seed 1] [--with-web-ifc] [--no-ifc-lite] [--json FILE]',
    );
  }

  const rows: SizeRow[] = [];
  const mismatches: string[] = [];
  const onlyValidity = values['only-validity'];
  for (const [size, shape] of values['only-many'] || onlyValidity ? [] : runsOf) {
    const { path, summary } = await ensureModel(size, seed, shape);
    process.stdout.write(`measuring ${size} MB ${shape} (${runs} run${runs > 1 ? 's' : ''}):`);
    const timed = async (engine: string, ids = IDS_PATH) => {
      const result = await measureMedian(engine, path, runs, ids);
      const label = ids === IDS_PATH ? engine : `${engine} (${relative(here, ids)})`;
      process.stdout.write(
        ` ${label} ${result instanceof Error ? 'error' : `${(result.wallMs / 1000).toFixed(2)} s`}`,
      );
      return result;
    };
    const ours = await timed('plumbline');
    // IFC-Lite holds the whole model in memory: past 500 MB it is not worth the machine's time.
    const lite = values['no-ifc-lite'] || size > 500 ? null : await timed('ifc-lite');
    const webIfc = values['with-web-ifc'] ? await timed('web-ifc') : null;
    // The mixed pack right after IFC-Lite's run, which both rows of this model are compared with.
    const mixed =
      shape === 'standard' && !values['no-mixed'] ? await timed('plumbline', values['mixed-ids']) : null;
    console.log();
    if (!(ours instanceof Error) && ours.outcomes) {
      for (const problem of compareOutcomes(expectedOutcomes(summary), ours.outcomes))
        mismatches.push(`${size} MB ${shape} ${problem}`);
    }
    rows.push({
      shape,
      sizeMb: summary.bytes / 1e6,
      bytes: summary.bytes,
      elements: summary.elements,
      ours,
      lite,
      webIfc,
    });
    if (mixed !== null)
      rows.push({
        shape,
        pack: relative(here, values['mixed-ids']),
        sizeMb: summary.bytes / 1e6,
        bytes: summary.bytes,
        elements: summary.elements,
        ours: mixed,
        lite,
        webIfc: null,
      });
  }

  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  if (rows.length > 0) await printSizeTable(rows, mismatches, values.json, load);
  if (values['with-1gb'] && !values['only-many'] && !onlyValidity)
    await largeSection(Number(values['large-mb']), seed, load);
  if (!values['no-validity'] && !values['only-many']) {
    const validitySizes = [
      Number(values['validity-mb']),
      ...(values['with-1gb'] ? [Number(values['large-mb'])] : []),
    ];
    await validitySection(validitySizes, runs, (size) => ensureModel(size, seed), measureMedian, load);
  }
  if (!values['no-many'] && !onlyValidity)
    await manySpecSection(
      Number(values['many-mb']),
      values['many-specs'],
      values['many-formats'],
      values['many-shapes'],
      runs,
      seed,
      load,
    );
}

async function printSizeTable(
  rows: readonly SizeRow[],
  mismatches: readonly string[],
  json: string | undefined,
  load: () => string,
): Promise<void> {
  console.log();
  console.log(formatTable(rows));
  console.log(
    `Node ${process.version}, ${availableParallelism()} cores, load average ${load()} (other work on the machine slows every column).`,
  );
  console.log();
  console.log(
    mismatches.length === 0
      ? 'Results: the engine reports exactly the failures the generator injected, on every size.'
      : `Results differ from the injected defects:\n  ${mismatches.join('\n  ')}`,
  );
  if (json) {
    const serialise = (r: ChildResult | Error | null) => (r instanceof Error ? { error: r.message } : r);
    const results = rows.map((row) => ({
      ...row,
      ours: serialise(row.ours),
      lite: serialise(row.lite),
      webIfc: serialise(row.webIfc),
    }));
    await writeFile(
      json,
      `${JSON.stringify({ node: process.version, loadavg: loadavg(), results, mismatches }, null, 2)}\n`,
    );
  }
  const targets = evaluateTargets(rows);
  if (targets.length > 0) {
    console.log();
    for (const line of targets) console.log(line);
  }
  console.log();
}

/**
 * Issue 14: the 1 GB model, the engine alone and then the command line writing each report format
 * (validate the IDS, hash and read the model, check, write the report to bench/out), one child each.
 */
async function largeSection(sizeMb: number, seed: number, load: () => string): Promise<void> {
  if (!(sizeMb > 0)) throw new Error('usage: --large-mb N');
  const { path, summary } = await ensureModel(sizeMb, seed);
  const rows: LargeRow[] = [];
  for (const [label, engine] of [
    ['engine (read + check)', 'plumbline'],
    ['CLI, console report', 'cli-console'],
    ['CLI, JSON report', 'cli-json'],
    ['CLI, HTML report', 'cli-html'],
    ['CLI, BCF report', 'cli-bcf'],
  ] as const) {
    process.stdout.write(`${sizeMb} MB: ${label} … `);
    const result = await measureMedian(engine, path, 1);
    console.log(result instanceof Error ? 'failed' : `${(result.wallMs / 1000).toFixed(2)} s`);
    rows.push({ label, result });
  }
  console.log();
  console.log(formatLargeTable(summary.bytes / 1e6, summary.bytes, rows));
  console.log(`load average ${load()}`);
  console.log();
}

/** Issue 22: one model, packs of many specifications (lib/many-spec-bench.ts). */
async function manySpecSection(
  sizeMb: number,
  specsOption: string,
  formatsOption: string,
  shapesOption: string,
  runs: number,
  seed: number,
  load: () => string,
): Promise<void> {
  const specCounts = specsOption.split(',').map(Number);
  if (!(sizeMb > 0) || specCounts.some((n) => !(n >= 1)))
    throw new Error('usage: --many-mb N --many-specs 20,100,…');
  const formats = formatsOption.split(',').map((f) => MANY_SPEC_FORMATS.find((known) => known === f));
  if (formats.some((f) => f === undefined))
    throw new Error(`usage: --many-formats ${MANY_SPEC_FORMATS.join(',')} (any of them)`);
  const shapes = shapesOption.split(',').map((f) => MANY_SPEC_SHAPES.find((known) => known === f));
  if (shapes.some((f) => f === undefined))
    throw new Error(`usage: --many-shapes ${MANY_SPEC_SHAPES.join(',')} (any of them)`);
  const { path, summary } = await ensureModel(sizeMb, seed);
  console.log(
    `many-specification packs on the ${sizeMb} MB model (${summary.instances.toLocaleString('en')} entities, ${summary.elements.toLocaleString('en')} elements):`,
  );
  const rows: { c: ManySpecCase; result: ChildResult | Error }[] = [];
  const cases = (shapes as ManySpecShape[]).flatMap((shape) =>
    manySpecCases(specCounts, formats as ManySpecFormat[], shape),
  );
  for (const c of cases) {
    const ids = await writePack(OUT_DIR, c, seed);
    const result = await measureMedian(c.engine, path, runs, ids);
    console.log(
      `  ${c.shape}: ${c.label}: ${result instanceof Error ? result.message : `${(result.wallMs / 1000).toFixed(2)} s`} (load ${load()})`,
    );
    rows.push({ c, result });
  }
  console.log();
  console.log(formatManySpecTable(rows));
  console.log(formatManySpecRatios(rows));
  console.log(`load average ${load()}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
