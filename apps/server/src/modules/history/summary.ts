/**
 * A stored comparison's per-specification figures, from rows already stored: the changed findings
 * (`finding_changes`, counted by requirement key) and the newer version's failures per requirement
 * (`specification_facet_failures`, and a prohibited specification's failing elements). What persists
 * is not stored (history grows with change only): it is the failures now of each requirement both
 * versions were checked against, less the new ones, the same rule as `compareVersions` in the engine
 * (test/history.test.ts checks the two agree). Read only for a pair neither of whose versions has a
 * waived result (decision 0370), so nothing is waived here. Pure.
 */
import type { SpecificationComparison } from '@plumbline/contracts';
import { ownRequirementKey } from '@plumbline/ids';
import type { CheckedSpecification } from './repo';

export function storedSpecificationComparisons(input: {
  now: readonly CheckedSpecification[];
  before: readonly CheckedSpecification[];
  /** Per requirement key, the stored changes by kind (index 1 new, 2 resolved, 3 removed). */
  changes: ReadonlyMap<string, readonly number[]>;
  /** `${specificationId}:${facetIndex}` → elements of the newer version failing it. */
  facetFailures: ReadonlyMap<string, number>;
}): SpecificationComparison[] {
  const before = new Map(input.before.flatMap((s) => (s.key === null ? [] : [[s.key, s] as const])));
  const seen = new Set<string>();
  const out: SpecificationComparison[] = [];
  for (const spec of input.now) {
    if (spec.key === null || seen.has(spec.key)) continue;
    seen.add(spec.key);
    const was = before.get(spec.key);
    const comparable = new Set(was ? keysOf(was) : []);
    const requirements = spec.requirementKeys.map((key, i) => ({
      key,
      facet_index: i as number | null,
      facet: spec.requirementFacets[i] ?? null,
    }));
    if (spec.prohibited)
      requirements.push({ key: ownRequirementKey(spec.key), facet_index: null, facet: null });
    const counts = { new: 0, resolved: 0, removed: 0, persisting: 0, waived: 0 };
    let uncompared = 0;
    for (const requirement of requirements) {
      const failingNow =
        requirement.facet_index === null
          ? spec.failedCount
          : (input.facetFailures.get(`${spec.id}:${requirement.facet_index}`) ?? 0);
      if (!comparable.has(requirement.key)) {
        uncompared += failingNow;
        continue;
      }
      const changed = input.changes.get(requirement.key) ?? [0, 0, 0, 0];
      counts.new += changed[1] ?? 0;
      counts.resolved += changed[2] ?? 0;
      counts.removed += changed[3] ?? 0;
      counts.persisting += failingNow - (changed[1] ?? 0);
    }
    out.push({
      key: spec.key,
      specification_id: spec.id,
      name: spec.name,
      identifier: spec.identifier,
      compared: was !== undefined,
      counts,
      uncompared,
      requirements,
    });
  }
  return out;
}

function keysOf(spec: CheckedSpecification): string[] {
  return spec.prohibited && spec.key !== null
    ? [...spec.requirementKeys, ownRequirementKey(spec.key)]
    : spec.requirementKeys;
}
