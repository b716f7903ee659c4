/** Formatting of the benchmark table and the verdict against the engine targets. */
import type { ChildResult } from '../bench-child';

export interface SizeRow {
  readonly sizeMb: number;
  /** IfcElement occurrences in the model (generator summary). */
  readonly elements: number;
  readonly ours: ChildResult | Error;
  readonly lite: ChildResult | Error | null;
  readonly webIfc: ChildResult | Error | null;
}

/** Targets from the engine issue, judged on the largest model of at least 200 MB. */
export const TARGETS = {
  sizeMb: 200,
  maxWallSeconds: 4,
  maxPeakBytes: 1e9,
  minSpeedupOverIfcLite: 3,
} as const;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

function cells(result: ChildResult | Error | null): [string, string] {
  if (result === null) return ['-', '-'];
  if (result instanceof Error) return ['error', '-'];
  return [seconds(result.wallMs), megabytes(result.maxRssBytes)];
}

export function formatTable(rows: readonly SizeRow[]): string {
  const header = [
    'size',
    'elements',
    'ours: wall',
    'peak RSS',
    'elements/s',
    'ifc-lite props',
    'peak RSS',
    'ifc-lite/ours',
    'web-ifc props',
    'peak RSS',
  ];
  const body = rows.map((row) => {
    const [oursTime, oursPeak] = cells(row.ours);
    const [liteTime, litePeak] = cells(row.lite);
    const [webTime, webPeak] = cells(row.webIfc);
    const ok = !(row.ours instanceof Error);
    const rate = ok
      ? Math.round(row.elements / ((row.ours as ChildResult).wallMs / 1000)).toLocaleString('en')
      : '-';
    const ratio =
      ok && row.lite && !(row.lite instanceof Error)
        ? `${(row.lite.wallMs / (row.ours as ChildResult).wallMs).toFixed(1)}x`
        : '-';
    return [
      `${row.sizeMb.toFixed(0)} MB`,
      row.elements.toLocaleString('en'),
      oursTime,
      oursPeak,
      rate,
      liteTime,
      litePeak,
      ratio,
      webTime,
      webPeak,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cols: string[]) =>
    `| ${cols.map((c, i) => (i < 2 ? c.padStart(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const errors = rows.flatMap((row) =>
    [row.ours, row.lite, row.webIfc]
      .filter((r): r is Error => r instanceof Error)
      .map((e) => `  ${e.message}`),
  );
  return [line(header), rule, ...body.map(line), ...(errors.length ? ['', 'errors:', ...errors] : [])].join(
    '\n',
  );
}

/** PASS/MISS lines for the row of the 200 MB model, if it was measured. */
export function evaluateTargets(rows: readonly SizeRow[]): string[] {
  const row = rows.find((r) => r.sizeMb >= TARGETS.sizeMb * 0.9);
  if (!row) return [`Targets are judged on the ${TARGETS.sizeMb} MB model, which was not measured.`];
  if (row.ours instanceof Error) return ['MISS  the engine failed on the 200 MB model'];
  const ours = row.ours;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const lines = [
    `${verdict(ours.wallMs <= TARGETS.maxWallSeconds * 1000)}  200 MB checked in ${seconds(ours.wallMs)} (target ≤ ${TARGETS.maxWallSeconds} s)`,
    `${verdict(ours.maxRssBytes <= TARGETS.maxPeakBytes)}  peak memory ${megabytes(ours.maxRssBytes)} (target ≤ 1 GB)`,
  ];
  if (row.lite && !(row.lite instanceof Error)) {
    const ratio = row.lite.wallMs / ours.wallMs;
    lines.push(
      `${verdict(ratio >= TARGETS.minSpeedupOverIfcLite)}  ${ratio.toFixed(1)}x faster than IFC-Lite extracting properties (target ≥ ${TARGETS.minSpeedupOverIfcLite}x)`,
    );
  } else {
    lines.push('n/a   IFC-Lite comparison not measured');
  }
  return lines;
}
