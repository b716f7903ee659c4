import type { ComplianceStatus } from '@plumbline/contracts';
import { STATUS_COLORS } from '@/lib/compliance-logic';

export const STATUS_ORDER: ComplianceStatus[] = ['passed', 'waived', 'warning', 'failed', 'not_applicable'];

export interface ElementStatuses {
  viewer_db_ids: number[];
  statuses: ComplianceStatus[];
}

/** Elements outside the status filter: drawn pale so the chosen ones stand out in their context. */
export const DIMMED_COLOUR = '#e5e7eb';

export type StatusGroups = Record<ComplianceStatus, number[]>;

/**
 * The model's viewer ids by status. Only elements the model has count (spec 3 §5); an element with
 * geometry that no result lists is not applicable (the element-statuses contract).
 */
export function modelStatuses(statuses: ElementStatuses, modelIds: readonly number[]): StatusGroups {
  const byId = new Map<number, ComplianceStatus>();
  statuses.viewer_db_ids.forEach((id, index) => {
    const status = statuses.statuses[index];
    if (status) byId.set(id, status);
  });
  const groups: StatusGroups = { passed: [], waived: [], warning: [], failed: [], not_applicable: [] };
  for (const id of modelIds) groups[byId.get(id) ?? 'not_applicable'].push(id);
  return groups;
}

/** Viewer ids grouped by colour; with a status filter, the other statuses are dimmed. */
export function colourGroups(
  groups: StatusGroups,
  only: ComplianceStatus | null = null,
): Map<string, number[]> {
  const byColour = new Map<string, number[]>();
  for (const status of STATUS_ORDER) {
    const colour = only === null || only === status ? STATUS_COLORS[status] : DIMMED_COLOUR;
    byColour.set(colour, [...(byColour.get(colour) ?? []), ...groups[status]]);
  }
  return byColour;
}

/** How many elements the model draws (every group together); the legend's counts come from the server. */
export function drawnCount(groups: StatusGroups): number {
  return STATUS_ORDER.reduce((sum, status) => sum + groups[status].length, 0);
}
