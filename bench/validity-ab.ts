/**
 * Issue 38: validity's cost before and after a change, measured back to back. Runs the bench's
 * `plumbline-validity` child from two bundles (say one built from main, one from a branch, with
 * `buildBenchChild` from lib/build-child.ts), alternating A, B, A, B …, and prints per side the
 * medians of the read + check and validity times (CPU of all threads and wall) and of validity's
 * share, with the load average before and after: on a shared machine the load moves, and
 * alternating spreads it over both sides.
 *
 *   npx tsx bench/validity-ab.ts [--runs 3] A/bench-child.js B/bench-child.js model.ifc
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs, promisify } from 'node:util';
import type { ChildResult } from './bench-child';
import { median } from './lib/report';

const run = promisify(execFile);
const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '3' } },
  allowPositionals: true,
});
const [childA, childB, model] = positionals;
if (!childA || !childB || !model) {
  throw new Error('usage: tsx bench/validity-ab.ts [--runs 3] A/bench-child.js B/bench-child.js model.ifc');
}
const ids = new URL('bench.ids', import.meta.url).pathname;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function once(child: string): Promise<ChildResult> {
  const { stdout } = await run(process.execPath, [child, 'plumbline-validity', model!, ids], {
    maxBuffer: 64 << 20,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as ChildResult;
}

console.log(`load average before: ${load()}`);
const results: Record<'A' | 'B', ChildResult[]> = { A: [], B: [] };
for (let i = 0; i < Number(values.runs); i++) {
  for (const [side, child] of [
    ['A', childA],
    ['B', childB],
  ] as const) {
    const r = await once(child);
    results[side].push(r);
    console.log(
      `  ${side} run ${i + 1}: check ${(r.checkCpuMs! / 1000).toFixed(2)} s CPU (${(r.checkMs! / 1000).toFixed(2)} s wall), validity ${(r.validityCpuMs! / 1000).toFixed(2)} s CPU (${(r.validityMs! / 1000).toFixed(2)} s wall), +${((100 * r.validityCpuMs!) / r.checkCpuMs!).toFixed(1)} % CPU, peak ${Math.round(r.maxRssBytes / 1e6)} MB; load ${load()}`,
    );
  }
}
for (const side of ['A', 'B'] as const) {
  const rs = results[side];
  const m = (f: (r: ChildResult) => number) => median(rs.map(f));
  console.log(
    `${side} median: check ${(m((r) => r.checkCpuMs!) / 1000).toFixed(2)} s CPU / ${(m((r) => r.checkMs!) / 1000).toFixed(2)} s wall, validity ${(m((r) => r.validityCpuMs!) / 1000).toFixed(2)} s CPU / ${(m((r) => r.validityMs!) / 1000).toFixed(2)} s wall, share +${m((r) => (100 * r.validityCpuMs!) / r.checkCpuMs!).toFixed(1)} % CPU / +${m((r) => (100 * r.validityMs!) / r.checkMs!).toFixed(1)} % wall, peak RSS ${Math.round(m((r) => r.maxRssBytes) / 1e6)} MB`,
  );
  console.log(
    `  ${side} rules failing: ${(rs[0]!.validity ?? []).filter((r) => r.includes(' fail')).join(', ')}`,
  );
}
console.log(`load average after: ${load()}`);
