/**
 * A comparison (packages/ids `compareVersions`) as the rows history stores: the version's header
 * (`version_comparisons`) and one row per changed finding (`finding_changes`). Pure.
 */
import type { ChangeKind, VersionComparison, VersionFindings } from '@plumbline/ids';

export const CHANGE_KIND_CODE: Record<ChangeKind, number> = { new: 1, resolved: 2, removed: 3 };
export const CHANGE_KIND_OF: Record<number, ChangeKind> = { 1: 'new', 2: 'resolved', 3: 'removed' };

export interface ComparisonHeader {
  fromVersionId: string;
  matchedByGlobalId: number;
  matchedByContent: number;
  addedElements: number;
  removedElements: number;
  newCount: number;
  resolvedCount: number;
  removedCount: number;
  persistingCount: number;
}

/** `finding_changes` rows as column arrays (the version id is the writer's). */
export interface FindingChangeColumns {
  specificationKey: string[];
  requirementKey: string[];
  kind: number[];
  elementStepId: number[];
  elementKey: string[];
  facetIndex: (number | null)[];
  facetType: (string | null)[];
  outcome: (string | null)[];
  actualValue: (string | null)[];
}

export interface ComparisonRows {
  header: ComparisonHeader;
  changes: FindingChangeColumns;
}

export function comparisonRows(
  comparison: VersionComparison,
  old: VersionFindings,
  next: VersionFindings,
  fromVersionId: string,
): ComparisonRows {
  const changes: FindingChangeColumns = {
    specificationKey: [],
    requirementKey: [],
    kind: [],
    elementStepId: [],
    elementKey: [],
    facetIndex: [],
    facetType: [],
    outcome: [],
    actualValue: [],
  };
  const totals = { new: 0, resolved: 0, removed: 0, persisting: 0 };
  for (const spec of comparison.specifications) {
    totals.new += spec.counts.new;
    totals.resolved += spec.counts.resolved;
    totals.removed += spec.counts.removed;
    totals.persisting += spec.counts.persisting;
    for (const change of spec.changes) {
      const elements = change.kind === 'removed' ? old.elements : next.elements;
      changes.specificationKey.push(spec.key);
      changes.requirementKey.push(change.requirementKey);
      changes.kind.push(CHANGE_KIND_CODE[change.kind]);
      changes.elementStepId.push(elements.stepId[change.element] ?? 0);
      changes.elementKey.push(change.elementKey);
      changes.facetIndex.push(change.failure.facetIndex);
      changes.facetType.push(change.failure.facetType);
      changes.outcome.push(change.failure.outcome);
      changes.actualValue.push(change.failure.actualValue);
    }
  }
  const { counts } = comparison.match;
  return {
    header: {
      fromVersionId,
      matchedByGlobalId: counts.matchedByGlobalId,
      matchedByContent: counts.matchedByContent,
      addedElements: counts.added,
      removedElements: counts.removed,
      newCount: totals.new,
      resolvedCount: totals.resolved,
      removedCount: totals.removed,
      persistingCount: totals.persisting,
    },
    changes,
  };
}
