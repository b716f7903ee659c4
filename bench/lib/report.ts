/** Formatting of the benchmark table and the verdict against the engine targets. */
import type { ChildResult } from '../bench-child';

/** standard: the generator's default model; many-psets: 8 further property sets on each wall, door and window. */
export type ModelShape = 'standard' | 'many-psets';

export interface SizeRow {
  readonly shape: ModelShape;
  /** The IDS ours checked when not bench.ids (the 20 mixed specifications of mixed.ids, issue 36). */
  readonly pack?: string;
  readonly sizeMb: number;
  /** Bytes of the IFC file (for peak RSS per byte of IFC). */
  readonly bytes: number;
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

/** Wall time, CPU time of all the run's threads (steadier than wall time on a busy machine), peak RSS. */
function cells(result: ChildResult | Error | null): [string, string, string] {
  if (result === null) return ['-', '-', '-'];
  if (result instanceof Error) return ['error', '-', '-'];
  return [
    seconds(result.wallMs),
    result.cpuMs === undefined ? '-' : seconds(result.cpuMs),
    megabytes(result.maxRssBytes),
  ];
}

export function formatTable(rows: readonly SizeRow[]): string {
  const header = [
    'size',
    'shape',
    'elements',
    'ours: wall',
    'CPU',
    'peak RSS',
    'RSS/IFC byte',
    'elements/s',
    'ifc-lite props',
    'CPU',
    'peak RSS',
    'ifc-lite/ours',
    'web-ifc props',
    'peak RSS',
  ];
  const body = rows.map((row) => {
    const [oursTime, oursCpu, oursPeak] = cells(row.ours);
    const [liteTime, liteCpu, litePeak] = cells(row.lite);
    const [webTime, , webPeak] = cells(row.webIfc);
    const ok = !(row.ours instanceof Error);
    const rate = ok
      ? Math.round(row.elements / ((row.ours as ChildResult).wallMs / 1000)).toLocaleString('en')
      : '-';
    const ratio =
      ok && row.lite && !(row.lite instanceof Error)
        ? `${(row.lite.wallMs / (row.ours as ChildResult).wallMs).toFixed(1)}x`
        : '-';
    const perByte = ok ? ((row.ours as ChildResult).maxRssBytes / row.bytes).toFixed(2) : '-';
    return [
      `${row.sizeMb.toFixed(0)} MB`,
      shapeLabel(row),
      row.elements.toLocaleString('en'),
      oursTime,
      oursCpu,
      oursPeak,
      perByte,
      rate,
      liteTime,
      liteCpu,
      litePeak,
      ratio,
      webTime,
      webPeak,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cols: string[]) =>
    `| ${cols.map((c, i) => (i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
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

/** PASS/MISS lines for the 200 MB rows of each shape measured. */
export function evaluateTargets(rows: readonly SizeRow[]): string[] {
  const judged = rows.filter((r) => r.sizeMb >= TARGETS.sizeMb * 0.9 && r.sizeMb < TARGETS.sizeMb * 2);
  if (judged.length === 0)
    return [`Targets are judged on the ${TARGETS.sizeMb} MB model, which was not measured.`];
  return judged.flatMap((row) => targetLines(row));
}

function shapeLabel(row: SizeRow): string {
  return row.pack === undefined ? row.shape : `${row.shape}, ${row.pack}`;
}

function targetLines(row: SizeRow): string[] {
  const what = `${TARGETS.sizeMb} MB ${shapeLabel(row)}`;
  if (row.ours instanceof Error) return [`MISS  the engine failed on the ${what} model`];
  const ours = row.ours;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const lines = [
    `${verdict(ours.wallMs <= TARGETS.maxWallSeconds * 1000)}  ${what} checked in ${seconds(ours.wallMs)} (target ≤ ${TARGETS.maxWallSeconds} s)`,
    `${verdict(ours.maxRssBytes <= TARGETS.maxPeakBytes)}  ${what} peak memory ${megabytes(ours.maxRssBytes)} (target ≤ 1 GB)`,
  ];
  if (row.lite && !(row.lite instanceof Error)) {
    const ratio = row.lite.wallMs / ours.wallMs;
    lines.push(
      `${verdict(ratio >= TARGETS.minSpeedupOverIfcLite)}  ${what} ${ratio.toFixed(1)}x faster than IFC-Lite extracting properties (target ≥ ${TARGETS.minSpeedupOverIfcLite}x)`,
    );
  } else {
    lines.push(`n/a   ${what}: IFC-Lite comparison not measured`);
  }
  return lines;
}

/** Targets of the 1 GB model, per report format (issue 14). */
export const LARGE_TARGETS = { maxWallSeconds: 20, maxPeakBytes: 2.5e9 } as const;

/** One format's run on the 1 GB model. */
export interface LargeRow {
  readonly label: string;
  readonly result: ChildResult | Error;
}

export function formatLargeTable(sizeMb: number, bytes: number, rows: readonly LargeRow[]): string {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const lines = [`${sizeMb.toFixed(0)} MB model (${(bytes / 1e9).toFixed(2)} GB):`];
  for (const { label, result } of rows) {
    if (result instanceof Error) {
      lines.push(`  MISS  ${label}: failed: ${result.message.split('\n')[0]}`);
      continue;
    }
    const crashed = result.exitCode !== undefined && result.exitCode > 1;
    const ok =
      !crashed &&
      result.wallMs <= LARGE_TARGETS.maxWallSeconds * 1000 &&
      result.maxRssBytes <= LARGE_TARGETS.maxPeakBytes;
    const report = result.reportBytes === undefined ? '' : `, report ${megabytes(result.reportBytes)}`;
    const exit = result.exitCode === undefined ? '' : `, exit ${result.exitCode}`;
    lines.push(
      `  ${verdict(ok)}  ${label}: ${seconds(result.wallMs)}${result.cpuMs === undefined ? '' : ` (CPU ${seconds(result.cpuMs)})`}, peak RSS ${megabytes(result.maxRssBytes)} (${(result.maxRssBytes / bytes).toFixed(2)} per IFC byte)${report}${exit}${crashed && result.message ? ` — ${result.message}` : ''}`,
    );
  }
  lines.push(
    `  targets: ≤ ${LARGE_TARGETS.maxWallSeconds} s and ≤ ${LARGE_TARGETS.maxPeakBytes / 1e9} GB peak RSS per format`,
  );
  return lines.join('\n');
}
