/**
 * Issue 38: what model validity (buildingSMART's rules, @plumbline/validity) adds to a check. One
 * child per size reads the model, checks it against bench.ids, then validates the same model (as
 * `plumbline check --validate` does); validity's time is judged against the read + check time
 * (target ≤ 25 %), the run's peak memory against the engine's bounds (≤ 1 GB at 200 MB, ≤ 2.5 GB at 1 GB).
 */
import type { GenerateSummary } from '@plumbline/ifc-gen';
import type { ChildResult } from '../bench-child';

export const VALIDITY_TARGETS = { maxShare: 0.25, maxPeakBytes200: 1e9, maxPeakBytes1g: 2.5e9 } as const;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1e6).toLocaleString('en')} MB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export async function validitySection(
  sizes: readonly number[],
  runs: number,
  model: (sizeMb: number) => Promise<{ path: string; summary: GenerateSummary }>,
  measure: (engine: string, path: string, runs: number) => Promise<ChildResult | Error>,
  load: () => string,
): Promise<void> {
  console.log('model validity (38 rules) after the check, same model:');
  for (const size of sizes) {
    const { path, summary } = await model(size);
    const result = await measure('plumbline-validity', path, runs);
    if (result instanceof Error || result.checkMs === undefined || result.validityMs === undefined) {
      console.log(`  ${size} MB: failed${result instanceof Error ? ` (${result.message})` : ''}`);
      continue;
    }
    const share = result.validityMs / result.checkMs;
    const cpuShare =
      result.validityCpuMs !== undefined && result.checkCpuMs
        ? result.validityCpuMs / result.checkCpuMs
        : null;
    const bound = size >= 1000 ? VALIDITY_TARGETS.maxPeakBytes1g : VALIDITY_TARGETS.maxPeakBytes200;
    console.log(
      `  ${(summary.bytes / 1e6).toFixed(0)} MB (${summary.instances.toLocaleString('en')} entities): read + check ${seconds(result.checkMs)}, validity ${seconds(result.validityMs)} (+${(100 * share).toFixed(1)} %), peak RSS ${megabytes(result.maxRssBytes)}`,
    );
    console.log(
      `    ${verdict(share <= VALIDITY_TARGETS.maxShare)}  validity adds ${(100 * share).toFixed(1)} % to the check's wall time (target ≤ 25 %)`,
    );
    if (cpuShare !== null) {
      console.log(
        `    CPU (all threads): read + check ${seconds(result.checkCpuMs!)}, validity ${seconds(result.validityCpuMs!)} (+${(100 * cpuShare).toFixed(1)} %; steadier than wall time on a busy machine)`,
      );
    }
    console.log(
      `    ${verdict(result.maxRssBytes <= bound)}  peak memory with validity ${megabytes(result.maxRssBytes)} (target ≤ ${bound / 1e9} GB)`,
    );
    const failing = (result.validity ?? []).filter((r) => r.includes(' fail'));
    console.log(
      `    rules failing on the generated model: ${failing.length === 0 ? 'none' : failing.join(', ')}`,
    );
  }
  console.log(`  load average ${load()}`);
  console.log();
}
