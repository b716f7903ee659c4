import type { ComplianceStatus } from '@plumbline/contracts';

/** Status colours of spec 3 §9. */
export const STATUS_COLOURS: Record<ComplianceStatus, string> = {
  passed: '#22c55e',
  warning: '#eab308',
  failed: '#ef4444',
  not_applicable: '#6b7280',
};

export const STATUS_LABELS: Record<ComplianceStatus, string> = {
  passed: 'Passed',
  warning: 'Warning',
  failed: 'Failed',
  not_applicable: 'Not Applicable',
};

export const STATUS_ORDER: ComplianceStatus[] = ['passed', 'warning', 'failed', 'not_applicable'];

export interface ElementStatuses {
  viewer_db_ids: number[];
  statuses: ComplianceStatus[];
}

/**
 * Viewer ids grouped by colour. Only elements the model has are coloured (spec 3 §5); an element
 * with geometry that no result lists is not applicable (the element-statuses contract).
 */
export function colourGroups(statuses: ElementStatuses, modelIds: readonly number[]): Map<string, number[]> {
  const byId = new Map<number, ComplianceStatus>();
  statuses.viewer_db_ids.forEach((id, index) => {
    const status = statuses.statuses[index];
    if (status) byId.set(id, status);
  });
  const groups = new Map<string, number[]>(STATUS_ORDER.map((status) => [STATUS_COLOURS[status], []]));
  for (const id of modelIds) {
    const colour = STATUS_COLOURS[byId.get(id) ?? 'not_applicable'];
    groups.get(colour)?.push(id);
  }
  return groups;
}

/** Elements of the model per status (the legend's counts). */
export function statusCounts(groups: ReadonlyMap<string, number[]>): Record<ComplianceStatus, number> {
  const counts = { passed: 0, warning: 0, failed: 0, not_applicable: 0 };
  for (const status of STATUS_ORDER) counts[status] = groups.get(STATUS_COLOURS[status])?.length ?? 0;
  return counts;
}
