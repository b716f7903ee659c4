/**
 * Runs buildingSMART's IDS conformance cases (manifest.json in ../shared/ids-testcases) through
 * checkFiles, the same path the CLI takes. An 'invalid' case passes when the report is not a pass
 * (ideally 'invalid'); 'pass' and 'fail' cases must match exactly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFiles } from '../check-files';
import { failureReason } from '../report/json';
import { idsWords, specificationReasonText } from '../report/words';
import type { CheckReport } from '../results';

export interface ConformanceCase {
  readonly id: string;
  readonly ids: string;
  readonly ifc: string;
  readonly expected: 'pass' | 'fail' | 'invalid';
  readonly facet: string;
  readonly title: string;
}

export interface CaseOutcome {
  readonly case: ConformanceCase;
  readonly ok: boolean;
  /** Report status, or 'error' when checking threw. */
  readonly got: CheckReport['status'] | 'error';
  /** Why the case came out as it did (first problem, spec reason or element failure). */
  readonly detail: string;
}

/** The test-case folder: $PLUMBLINE_IDS_TESTCASES, else ../shared/ids-testcases beside the repo. */
export function testcasesDirectory(): string {
  if (process.env.PLUMBLINE_IDS_TESTCASES) return resolve(process.env.PLUMBLINE_IDS_TESTCASES);
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../../../../shared/ids-testcases');
}

export function loadManifest(dir = testcasesDirectory()): ConformanceCase[] | null {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as ConformanceCase[];
}

function explain(report: CheckReport): string {
  if (report.problems.length > 0) {
    const p = report.problems[0];
    return `${p?.line ? `line ${p.line}: ` : ''}${p?.message ?? ''}`;
  }
  for (const spec of report.specifications) {
    const failing = spec.failingElements[0];
    const failure = failing?.failures[0];
    if (failing && failure)
      return `${failing.className} #${failing.id} ${failureReason(idsWords(), spec, failure)}`;
    const reason = specificationReasonText(idsWords(), spec);
    if (reason) return reason;
  }
  const spec = report.specifications[0];
  return spec ? `${spec.applicableCount} applicable, ${spec.passedCount} passed` : 'no specification';
}

export async function runCase(dir: string, c: ConformanceCase): Promise<CaseOutcome> {
  try {
    const report = await checkFiles(join(dir, c.ifc), join(dir, c.ids));
    const ok = c.expected === 'invalid' ? report.status !== 'pass' : report.status === c.expected;
    return { case: c, ok, got: report.status, detail: explain(report) };
  } catch (err) {
    return { case: c, ok: false, got: 'error', detail: err instanceof Error ? err.message : String(err) };
  }
}

/** Runs every case, a few at a time (XSD validation runs in a worker thread). */
export async function runManifest(
  cases: readonly ConformanceCase[],
  dir = testcasesDirectory(),
  concurrency = 4,
): Promise<CaseOutcome[]> {
  const out: CaseOutcome[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      out[i] = await runCase(dir, cases[i] as ConformanceCase);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return out;
}

/** The console summary: one row per facet folder, failures, then "N passed, M failed". */
export function formatSummary(outcomes: readonly CaseOutcome[], seconds?: number): string {
  const folders = new Map<string, { passed: number; failed: number }>();
  for (const o of outcomes) {
    const row = folders.get(o.case.facet) ?? { passed: 0, failed: 0 };
    if (o.ok) row.passed++;
    else row.failed++;
    folders.set(o.case.facet, row);
  }
  const lines = ['folder          passed  failed'];
  for (const [folder, row] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${folder.padEnd(16)}${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}`);
  }
  const invalid = outcomes.filter((o) => o.case.expected === 'invalid');
  const flagged = invalid.filter((o) => o.got === 'invalid').length;
  lines.push(
    '',
    `invalid cases reported as an invalid IDS: ${flagged} of ${invalid.length} (the others as failing)`,
  );
  const failures = outcomes.filter((o) => !o.ok);
  if (failures.length > 0) {
    lines.push('', 'Failures:');
    for (const f of failures)
      lines.push(`  ${f.case.id}: expected ${f.case.expected}, got ${f.got} (${f.detail})`);
  }
  const passed = outcomes.length - failures.length;
  lines.push('');
  if (seconds !== undefined) lines.push(`${outcomes.length} cases in ${seconds.toFixed(1)} s`);
  lines.push(`${passed} passed, ${failures.length} failed`);
  return lines.join('\n');
}
