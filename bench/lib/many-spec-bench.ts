/**
 * The many-specification section of `npm run bench` (issues 22 and 36): one generated model checked
 * against seeded packs of 20, 100, 400 and 848 specifications (code lists of 10) writing each report
 * format (console, JSON, HTML, BCF), 400 specifications with code lists of 1,500, and 3,392
 * specifications writing the JSON report, in two shapes: `property`, specifications keyed on a
 * property literal (lib/many-spec-pack.ts), and `class`, specifications applying to an entity class
 * with requirements drawn from a shared pool of facets (lib/class-pack.ts). Prints time, CPU and
 * peak RSS, each shape's and format's ratio of the largest to the smallest count, beside the figures
 * the engine gave before issue 22 (commit 1484793, measured without writing a report) for the
 * property-keyed shape and before issue 36 (commit c797470) for the entity-class shape.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChildResult } from '../bench-child';
import { classPack } from './class-pack';
import { manySpecPack } from './many-spec-pack';

export const MANY_SPEC_FORMATS = ['console', 'json', 'html', 'bcf'] as const;
export type ManySpecFormat = (typeof MANY_SPEC_FORMATS)[number];
/** property: keyed on a property literal (issue 22); class: an entity class and a shared pool of facets (issue 36). */
export const MANY_SPEC_SHAPES = ['property', 'class'] as const;
export type ManySpecShape = (typeof MANY_SPEC_SHAPES)[number];

export interface ManySpecCase {
  readonly shape: ManySpecShape;
  readonly label: string;
  readonly specifications: number;
  readonly codeListLength: number;
  /** The report written after the check (bench-child.ts streams it to /dev/null). */
  readonly format: ManySpecFormat;
  readonly engine: `plumbline-${ManySpecFormat}`;
}

/**
 * Every count in every format (console, JSON, HTML, BCF), the middle count with 1,500-value lists
 * (console), and 4 × the largest count with the JSON report (3,392 for 848).
 */
export function manySpecCases(
  specCounts: readonly number[],
  formats: readonly ManySpecFormat[] = MANY_SPEC_FORMATS,
  shape: ManySpecShape = 'property',
): ManySpecCase[] {
  const one = (specifications: number, codeListLength: number, format: ManySpecFormat): ManySpecCase => ({
    shape,
    label: `${specifications} specs, lists of ${codeListLength}${format === 'console' ? '' : `, ${format.toUpperCase()}`}`,
    specifications,
    codeListLength,
    format,
    engine: `plumbline-${format}`,
  });
  const cases: ManySpecCase[] = [];
  for (const format of formats) for (const n of specCounts) cases.push(one(n, 10, format));
  const mid = specCounts.includes(400) ? 400 : (specCounts[Math.floor(specCounts.length / 2)] ?? 400);
  cases.push(one(mid, 1500, 'console'));
  if (formats.includes('json')) cases.push(one(4 * Math.max(...specCounts), 10, 'json'));
  return cases;
}

/**
 * Before issue 22 (the engine of commit 1484793), on the 40 MB model (seed 1, 569,164 entities),
 * median of 3, 2 cores shared with other work (load average 12 to 17): seconds and peak MB, as
 * this section measured them then (the console rows without writing the console text, a few KB).
 */
export const BEFORE: Readonly<Record<string, { seconds: number; peakMb: number }>> = {
  '20 specs, lists of 10': { seconds: 2.54, peakMb: 203 },
  '100 specs, lists of 10': { seconds: 4.63, peakMb: 237 },
  '400 specs, lists of 10': { seconds: 8.06, peakMb: 350 },
  '848 specs, lists of 10': { seconds: 41.04, peakMb: 536 },
  '400 specs, lists of 1500': { seconds: 30.54, peakMb: 709 },
  '848 specs, lists of 10, JSON': { seconds: 30.98, peakMb: 531 },
};

/**
 * The entity-class shape before issue 36 (the engine of commit c797470, bundled as this section
 * bundles it), on the same model, one run each at load average 18 to 35 on 2 cores, minutes after
 * the figures of decision 0243: seconds, CPU seconds (all threads) and peak MB.
 */
export const BEFORE_CLASS: Readonly<Record<string, { seconds: number; cpu: number; peakMb: number }>> = {
  '20 specs, lists of 10': { seconds: 12.01, cpu: 2.79, peakMb: 259 },
  '400 specs, lists of 10': { seconds: 70.28, cpu: 12.37, peakMb: 525 },
  '848 specs, lists of 10': { seconds: 107.62, cpu: 25.13, peakMb: 806 },
  '400 specs, lists of 1500': { seconds: 88.4, cpu: 16.25, peakMb: 576 },
  '20 specs, lists of 10, JSON': { seconds: 15.83, cpu: 3.36, peakMb: 267 },
  '848 specs, lists of 10, JSON': { seconds: 179.05, cpu: 33.66, peakMb: 811 },
  '3392 specs, lists of 10, JSON': { seconds: 1099.96, cpu: 183.34, peakMb: 2433 },
};

export async function writePack(dir: string, c: ManySpecCase, seed: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  const prefix = c.shape === 'property' ? 'pack' : 'class-pack';
  const path = join(dir, `${prefix}-${c.specifications}x${c.codeListLength}-seed${seed}.ids`);
  const options = { specifications: c.specifications, codeListLength: c.codeListLength, seed };
  if (!existsSync(path))
    await writeFile(path, c.shape === 'property' ? manySpecPack(options) : classPack(options));
  return path;
}

export function formatManySpecTable(
  rows: readonly { c: ManySpecCase; result: ChildResult | Error }[],
): string {
  const header = [
    'shape',
    'case',
    'wall',
    'CPU',
    'peak RSS',
    'applicable',
    'report',
    'before: wall',
    'CPU',
    'peak RSS',
  ];
  const lines = rows.map(({ c, result }) => {
    // Before issue 22 for the property-keyed shape, before issue 36 for the entity-class shape.
    const before: { seconds: number; cpu?: number; peakMb: number } | undefined =
      c.shape === 'property' ? BEFORE[c.label] : BEFORE_CLASS[c.label];
    const ok = !(result instanceof Error);
    return [
      c.shape,
      c.label,
      ok ? `${(result.wallMs / 1000).toFixed(2)} s` : 'error',
      ok && result.cpuMs !== undefined ? `${(result.cpuMs / 1000).toFixed(2)} s` : '-',
      ok ? `${Math.round(result.maxRssBytes / 1e6)} MB` : '-',
      ok ? result.elements.toLocaleString('en') : '-',
      ok && result.reportBytes !== undefined ? `${(result.reportBytes / 1e6).toFixed(1)} MB` : '-',
      before ? `${before.seconds.toFixed(2)} s` : '-',
      before?.cpu !== undefined ? `${before.cpu.toFixed(2)} s` : '-',
      before ? `${before.peakMb} MB` : '-',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const row = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i <= 1 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join(' | ')} |`;
  return [row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(row)].join('\n');
}

/**
 * The acceptance ratios of issue 22, from one run's rows: per format, the largest count's time over
 * the smallest's (target at most 2), and 1,500-value lists over 10-value lists (target at most 1.3).
 */
export function formatManySpecRatios(
  all: readonly { c: ManySpecCase; result: ChildResult | Error }[],
): string {
  const lines: string[] = [];
  for (const shape of MANY_SPEC_SHAPES) {
    const rows = all.filter(({ c }) => c.shape === shape);
    if (rows.length > 0) lines.push(...shapeRatios(rows).map((line) => `  ${shape}:${line}`));
  }
  return lines.length > 0 ? `ratios, same run:\n${lines.join('\n')}` : '';
}

function shapeRatios(rows: readonly { c: ManySpecCase; result: ChildResult | Error }[]): string[] {
  const wall = (c: ManySpecCase | undefined) => {
    const row = rows.find((r) => r.c === c);
    return row && !(row.result instanceof Error) ? row.result.wallMs : null;
  };
  const cpu = (c: ManySpecCase | undefined) => {
    const row = rows.find((r) => r.c === c);
    return row && !(row.result instanceof Error) ? (row.result.cpuMs ?? null) : null;
  };
  // CPU time varies less with the machine's load than wall time: both ratios are printed.
  const ratio = (high: ManySpecCase | undefined, low: ManySpecCase | undefined) => {
    const h = wall(high);
    const l = wall(low);
    const hc = cpu(high);
    const lc = cpu(low);
    if (h === null || l === null) return null;
    return `${(h / l).toFixed(2)}× wall${hc !== null && lc !== null ? `, ${(hc / lc).toFixed(2)}× CPU` : ''}`;
  };
  const lines: string[] = [];
  const shortLists = rows.filter(({ c }) => c.codeListLength === 10);
  for (const format of MANY_SPEC_FORMATS) {
    const counts = [
      ...new Set(shortLists.filter(({ c }) => c.format === format).map(({ c }) => c.specifications)),
    ]
      .filter((n) => rows.some(({ c }) => c.format === format && c.specifications === n))
      .sort((a, b) => a - b);
    // The 4× JSON case is its own line below, not the top of the JSON series.
    const series = format === 'json' && counts.length > 2 ? counts.slice(0, -1) : counts;
    if (series.length < 2) continue;
    const find = (n: number) =>
      rows.find(({ c }) => c.format === format && c.codeListLength === 10 && c.specifications === n)?.c;
    const r = ratio(find(series[series.length - 1] as number), find(series[0] as number));
    if (r !== null)
      lines.push(
        ` ${format}: ${series[series.length - 1]} / ${series[0]} specifications = ${r} (target ≤ 2)`,
      );
  }
  const long = rows.find(({ c }) => c.codeListLength === 1500)?.c;
  const short = long
    ? rows.find(
        ({ c }) =>
          c.codeListLength === 10 && c.format === long.format && c.specifications === long.specifications,
      )?.c
    : undefined;
  const lists = ratio(long, short);
  if (long && lists !== null)
    lines.push(
      ` ${long.specifications} specifications, lists of 1500 / lists of 10 = ${lists} (target ≤ 1.3)`,
    );
  const json = rows.filter(({ c }) => c.format === 'json' && c.codeListLength === 10);
  const largest = json.reduce<(typeof rows)[number] | null>(
    (best, row) => (best === null || row.c.specifications > best.c.specifications ? row : best),
    null,
  );
  if (largest && !(largest.result instanceof Error) && json.length > 2)
    lines.push(
      ` ${largest.c.specifications} specifications, JSON report: peak RSS ${Math.round(largest.result.maxRssBytes / 1e6)} MB (target < 1.5 GB)`,
    );
  return lines;
}
