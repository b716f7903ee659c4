/**
 * The Studio's live check (packages/ids/src/check/live-check.ts) after an edit, on the Demo Office
 * model (demo.ids) and on a 200 MB generated model (bench.ids): the model read once, then the first
 * count of every specification, then one edit in each specification in turn (a requirement's value
 * changed), timing the call that answers it. Targets: under 1 s on the Demo Office, under 5 s at
 * 200 MB, for the slowest edit. The full report's check is printed beside it for scale.
 *
 *   npm run bench:live                      # both models
 *   npm run bench:live -- --sizes 50        # another generated size instead of 200 MB
 *   npm run bench:live -- --no-demo
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkModel, LiveChecker, parseIds } from '@plumbline/ids';
import { type IfcModel, readIfcFile } from '@plumbline/ifc';
import { GENERATOR_VERSION, type GenerateSummary, generateIfc } from '@plumbline/ifc-gen';

const here = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = join(here, 'out');

async function ensureModel(name: string, options: Parameters<typeof generateIfc>[0]): Promise<string> {
  const summaryPath = `${options.out}.json`;
  if (existsSync(options.out) && existsSync(summaryPath)) {
    const cached = JSON.parse(await readFile(summaryPath, 'utf8')) as GenerateSummary;
    if (cached.generatorVersion === GENERATOR_VERSION) return options.out;
  }
  await mkdir(OUT_DIR, { recursive: true });
  process.stdout.write(`generating ${name} … `);
  const summary = await generateIfc(options);
  await writeFile(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.seconds.toFixed(1)} s`);
  return options.out;
}

/**
 * The text with specification `k`'s first requirement value changed (its first simpleValue inside
 * <requirements> gets a character more), or null when it has none.
 */
export function editSpecification(text: string, k: number): string | null {
  const starts = [...text.matchAll(/<(?:[\w.-]+:)?specification[\s>]/g)].map((m) => m.index);
  const at = starts[k];
  if (at === undefined) return null;
  const end = starts[k + 1] ?? text.length;
  const requirements = text.slice(at, end).search(/<(?:[\w.-]+:)?requirements[\s>]/);
  if (requirements < 0) return null;
  const open = text.indexOf('simpleValue>', at + requirements);
  if (open < 0 || open > end) return null;
  const close = text.indexOf('</', open);
  return `${text.slice(0, close)}x${text.slice(close)}`;
}

interface Row {
  readonly model: string;
  readonly elements: number;
  readonly specifications: number;
  readonly readMs: number;
  readonly firstMs: number;
  readonly edits: number;
  readonly medianEditMs: number;
  readonly slowestEditMs: number;
  readonly reportMs: number;
  readonly targetMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function measure(label: string, modelPath: string, idsPath: string, targetMs: number): Promise<Row> {
  const text = await readFile(idsPath, 'utf8');
  let started = performance.now();
  const model: IfcModel = await readIfcFile(modelPath);
  const readMs = performance.now() - started;
  try {
    const checker = new LiveChecker(model);
    started = performance.now();
    const first = checker.check(text);
    const firstMs = performance.now() - started;
    const times: number[] = [];
    for (let k = 0; k < first.specifications.length; k++) {
      const edited = editSpecification(text, k);
      if (edited === null) continue;
      started = performance.now();
      const result = checker.check(edited);
      times.push(performance.now() - started);
      if (result.counted !== 1) throw new Error(`an edit of specification ${k} counted ${result.counted}`);
      checker.check(text); // back to the original (remembered: no count)
    }
    started = performance.now();
    checkModel(model, parseIds(text));
    const reportMs = performance.now() - started;
    return {
      model: label,
      elements: model.instanceCount,
      specifications: first.specifications.length,
      readMs,
      firstMs,
      edits: times.length,
      medianEditMs: median(times),
      slowestEditMs: times.length > 0 ? Math.max(...times) : Number.NaN,
      reportMs,
      targetMs,
    };
  } finally {
    model.dispose();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string' }, 'no-demo': { type: 'boolean' } } });
  const sizes = (values.sizes ?? '200').split(',').filter(Boolean).map(Number);
  const rows: Row[] = [];
  if (!values['no-demo']) {
    const demo = await ensureModel('the Demo Office', {
      targetBytes: 3_000_000,
      storeys: 4,
      projectName: 'Demo Office',
      out: join(OUT_DIR, 'demo-office.ifc'),
    });
    rows.push(
      await measure('Demo Office (3 MB)', demo, join(here, '../apps/server/src/modules/demo/demo.ids'), 1000),
    );
  }
  for (const mb of sizes) {
    const path = await ensureModel(`${mb} MB`, {
      targetBytes: mb * 1_000_000,
      seed: 1,
      out: join(OUT_DIR, `model-${mb}mb-seed1.ifc`),
    });
    rows.push(await measure(`generated ${mb} MB`, path, join(here, 'bench.ids'), 5000));
  }
  const ms = (n: number) => `${n.toFixed(n < 100 ? 1 : 0)} ms`;
  console.log(
    `\nLive check after an edit (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${(await import('node:os')).cpus().length} cores)\n`,
  );
  console.log(
    '| model | instances | specs | read model | first count | edit: median | edit: slowest | target | full report check |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.model} | ${r.elements.toLocaleString('en')} | ${r.specifications} (${r.edits} edited) | ${ms(r.readMs)} | ${ms(r.firstMs)} | ${ms(r.medianEditMs)} | ${ms(r.slowestEditMs)} | ${r.edits > 0 && r.slowestEditMs <= r.targetMs ? 'PASS' : 'MISS'} < ${r.targetMs / 1000} s | ${ms(r.reportMs)} |`,
    );
}

await main();
