/**
 * What a correct IDS engine must report for bench.ids on a generated model, derived from the
 * generator's summary (its counts of elements, types and injected defects). The bench compares
 * the engine's report with this, so a fast but wrong engine does not pass unnoticed.
 */
import type { GenerateSummary } from '@plumbline/ifc-gen';

export interface ExpectedOutcome {
  readonly applicable: number;
  /** Failed applicable elements; omitted for specifications judged by cardinality only. */
  readonly failed?: number;
  readonly status: 'pass' | 'fail';
}

/** Expected outcome per specification identifier (PB-01 …). */
export function expectedOutcomes(summary: GenerateSummary): Record<string, ExpectedOutcome> {
  const cls = (name: string) => summary.byClass[name] ?? 0;
  const type = (key: string) => summary.byType[key] ?? 0;
  const defect = (kind: keyof GenerateSummary['defects']) => summary.defects[kind].count;
  const unclassified = (name: string) => summary.unclassifiedByClass[name] ?? 0;
  const each = (applicable: number, failed: number): ExpectedOutcome => ({
    applicable,
    failed,
    status: failed === 0 ? 'pass' : 'fail',
  });
  const walls = cls('IFCWALL');
  const doors = cls('IFCDOOR');
  const spaces = cls('IFCSPACE');
  const demolished = defect('wallStatusDemolish');
  const proxies = cls('IFCBUILDINGELEMENTPROXY');
  return {
    'PB-01': each(walls, defect('wallFireRatingMissing') + defect('wallFireRatingInvalid')),
    'PB-02': each(walls, 0),
    'PB-03': each(type('wall-ext'), 0),
    'PB-04': each(type('wall-ext') + type('wall-core'), 0),
    'PB-05': each(walls, unclassified('IFCWALL')),
    'PB-06': each(walls, defect('wallQuantitiesMissing')),
    'PB-07': { applicable: demolished, status: demolished === 0 ? 'pass' : 'fail' },
    'PB-08': each(type('wall-lining'), 0),
    'PB-09': each(doors, type('door-store')),
    'PB-10': each(doors, defect('doorReferenceTooLong')),
    'PB-11': each(
      type('door-fire') + type('door-double') + defect('doorFireRatedNoCloser'),
      defect('doorFireRatedNoCloser'),
    ),
    'PB-12': each(doors, 0),
    'PB-13': each(cls('IFCWINDOW'), type('window-legacy')),
    'PB-14': each(doors + cls('IFCWINDOW'), 0),
    'PB-15': each(cls('IFCSLAB'), 0),
    'PB-16': each(spaces, defect('spaceLongNameMissing')),
    'PB-17': each(spaces, defect('spaceQuantitiesMissing')),
    'PB-18': each(spaces, 0),
    'PB-19': each(cls('IFCCOLUMN'), type('column-generic')),
    'PB-20': each(cls('IFCCOLUMN') + cls('IFCBEAM'), 0),
    'PB-21': each(walls + cls('IFCSLAB') + cls('IFCCOLUMN') + cls('IFCBEAM') + doors + cls('IFCWINDOW'), 0),
    'PB-22': each(cls('IFCDUCTSEGMENT'), defect('ductNotInSystem')),
    'PB-23': each(cls('IFCAIRTERMINAL'), unclassified('IFCAIRTERMINAL')),
    'PB-24': each(cls('IFCLIGHTFIXTURE'), 0),
    'PB-25': { applicable: proxies, status: proxies === 0 ? 'pass' : 'fail' },
    'PB-26': { applicable: 0, failed: 0, status: 'pass' },
    'PB-27': each(summary.buildings, 0),
  };
}

export interface SpecOutcome {
  readonly identifier: string | null;
  readonly status: string;
  readonly applicableCount: number;
  readonly failedCount: number;
}

/** Human-readable differences between an engine's outcomes and the expected ones (empty: all agree). */
export function compareOutcomes(
  expected: Record<string, ExpectedOutcome>,
  actual: readonly SpecOutcome[],
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const spec of actual) {
    const id = spec.identifier ?? '?';
    seen.add(id);
    const want = expected[id];
    if (!want) {
      problems.push(`${id}: not in the expectations`);
      continue;
    }
    const parts: string[] = [];
    if (spec.status !== want.status) parts.push(`status ${spec.status} (expected ${want.status})`);
    if (spec.applicableCount !== want.applicable)
      parts.push(`applicable ${spec.applicableCount} (expected ${want.applicable})`);
    if (want.failed !== undefined && spec.failedCount !== want.failed)
      parts.push(`failed ${spec.failedCount} (expected ${want.failed})`);
    if (parts.length > 0) problems.push(`${id}: ${parts.join(', ')}`);
  }
  for (const id of Object.keys(expected)) if (!seen.has(id)) problems.push(`${id}: missing from the report`);
  return problems;
}
