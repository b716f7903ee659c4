/**
 * The many-specification section of `npm run bench` (issue 22): one generated model checked against
 * seeded packs of 20, 100, 400 and 848 specifications (code lists of 10), 400 specifications with
 * code lists of 1,500, and 848 specifications writing the JSON report. Prints time and peak RSS
 * beside the figures the engine gave before issue 22 (commit 1484793, measured the same way).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChildResult } from '../bench-child';
import { manySpecPack } from './many-spec-pack';

export interface ManySpecCase {
  readonly label: string;
  readonly specifications: number;
  readonly codeListLength: number;
  readonly engine: 'plumbline' | 'plumbline-json';
}

export function manySpecCases(specCounts: readonly number[]): ManySpecCase[] {
  const cases: ManySpecCase[] = specCounts.map((n) => ({
    label: `${n} specs, lists of 10`,
    specifications: n,
    codeListLength: 10,
    engine: 'plumbline',
  }));
  const mid = specCounts.includes(400) ? 400 : (specCounts[Math.floor(specCounts.length / 2)] ?? 400);
  cases.push({
    label: `${mid} specs, lists of 1500`,
    specifications: mid,
    codeListLength: 1500,
    engine: 'plumbline',
  });
  const top = Math.max(...specCounts);
  cases.push({
    label: `${top} specs, lists of 10, JSON`,
    specifications: top,
    codeListLength: 10,
    engine: 'plumbline-json',
  });
  return cases;
}

/**
 * Before issue 22 (the engine of commit 1484793), on the 40 MB model (seed 1, 569,164 entities),
 * median of 3, 2 cores shared with other work (load average 12 to 17): seconds and peak MB, as
 * this section measures them.
 */
export const BEFORE: Readonly<Record<string, { seconds: number; peakMb: number }>> = {
  '20 specs, lists of 10': { seconds: 2.54, peakMb: 203 },
  '100 specs, lists of 10': { seconds: 4.63, peakMb: 237 },
  '400 specs, lists of 10': { seconds: 8.06, peakMb: 350 },
  '848 specs, lists of 10': { seconds: 41.04, peakMb: 536 },
  '400 specs, lists of 1500': { seconds: 30.54, peakMb: 709 },
  '848 specs, lists of 10, JSON': { seconds: 30.98, peakMb: 531 },
};

export async function writePack(dir: string, c: ManySpecCase, seed: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `pack-${c.specifications}x${c.codeListLength}-seed${seed}.ids`);
  if (!existsSync(path))
    await writeFile(
      path,
      manySpecPack({ specifications: c.specifications, codeListLength: c.codeListLength, seed }),
    );
  return path;
}

export function formatManySpecTable(
  rows: readonly { c: ManySpecCase; result: ChildResult | Error }[],
): string {
  const header = ['case', 'wall', 'peak RSS', 'applicable', 'report', 'before: wall', 'peak RSS'];
  const lines = rows.map(({ c, result }) => {
    const before = BEFORE[c.label];
    const ok = !(result instanceof Error);
    return [
      c.label,
      ok ? `${(result.wallMs / 1000).toFixed(2)} s` : 'error',
      ok ? `${Math.round(result.maxRssBytes / 1e6)} MB` : '-',
      ok ? result.elements.toLocaleString('en') : '-',
      ok && result.reportBytes !== undefined ? `${(result.reportBytes / 1e6).toFixed(1)} MB` : '-',
      before ? `${before.seconds.toFixed(2)} s` : '-',
      before ? `${before.peakMb} MB` : '-',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const row = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join(' | ')} |`;
  return [row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(row)].join('\n');
}
