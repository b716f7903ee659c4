/**
 * The version being processed as the comparison reads it: its elements' signatures (extracted now, or
 * stored for a re-check), its applicable non-element entities and the failures its check found, with
 * the stable keys of the specifications it was checked against. Pure; runs on the analysis thread.
 */
import {
  type ElementSignatures,
  type FacetFailure,
  FindingsBuilder,
  type SpecificationKeys,
  type VersionFindings,
} from '@plumbline/ids';

/** A specification the version is checked against, with its keys. */
export interface CheckedSpecificationRow {
  id: string;
  keys: SpecificationKeys;
  name: string;
  identifier: string | null;
  prohibited: boolean;
}

export interface CurrentCheck {
  specifications: readonly CheckedSpecificationRow[];
  /** Applicable entities that are not elements (result_entities). */
  entities: {
    stepId: readonly number[];
    ifcClass: readonly string[];
    globalId: readonly (string | null)[];
    name: readonly (string | null)[];
  };
  failing: readonly { specificationId: string; stepId: number; failures: readonly FacetFailure[] }[];
}

export function currentFindings(
  signatures: ElementSignatures,
  elementKeys: (string | null)[] | undefined,
  check: CurrentCheck,
): VersionFindings {
  const builder = new FindingsBuilder(signatures, elementKeys);
  const e = check.entities;
  e.stepId.forEach((stepId, i) => {
    builder.addEntity(stepId, {
      globalId: e.globalId[i] ?? null,
      ifcClass: e.ifcClass[i] ?? 'UNKNOWN',
      name: e.name[i] ?? null,
    });
  });
  const indexOf = new Map<string, number>();
  for (const spec of check.specifications) {
    indexOf.set(
      spec.id,
      builder.addSpecification({
        key: spec.keys.key,
        name: spec.name,
        identifier: spec.identifier,
        requirementKeys: spec.keys.requirementKeys,
        ownKey: spec.prohibited ? spec.keys.ownKey : null,
      }),
    );
  }
  for (const f of check.failing) {
    const index = indexOf.get(f.specificationId);
    if (index !== undefined && builder.has(f.stepId)) builder.addFailures(index, f.stepId, f.failures);
  }
  return builder.build();
}
