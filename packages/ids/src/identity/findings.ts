/**
 * A checked version as the comparison of versions sees it (issue 30): its elements' signatures, the
 * specifications it was checked against by their stable keys, and its failing findings, one per
 * element and requirement, as structured data (the facet's index and kind, the outcome, the value
 * found), never a sentence. `FindingsBuilder` makes one from any source: the command line feeds it a
 * `CheckReport`, the server the rows it stores; both then compare with `compareVersions`.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import type { CheckReport, FacetFailure, FacetType, FailureOutcome } from '../results';
import type { ElementSignatures } from './element-signature';
import type { SpecificationKeys } from './requirement-key';

/** Why an element fails one requirement, as data. */
export interface FindingFailure {
  /** The requirement facet's index in its specification; null when the element fails the specification itself (prohibited). */
  readonly facetIndex: number | null;
  readonly facetType: FacetType | null;
  readonly outcome: FailureOutcome | null;
  /** The offending value as written, when there was one. */
  readonly actualValue: string | null;
}

/** A specification a version was checked against. */
export interface CheckedSpecification {
  readonly key: string;
  readonly name: string;
  readonly identifier: string | null;
  /** Its requirement facets' keys, by index. */
  readonly requirementKeys: readonly string[];
  /** The key of failing the specification itself: set only when the specification is prohibited. */
  readonly ownKey: string | null;
}

/** One element failing one requirement. */
export interface Finding {
  /** Index into `VersionFindings.specifications`. */
  readonly specification: number;
  /** Index into `VersionFindings.elements`. */
  readonly element: number;
  readonly failure: FindingFailure;
}

export interface VersionFindings {
  /** Every element that can hold a finding: the model's products, then other applicable entities. */
  readonly elements: ElementSignatures;
  /** Each element's stable key where an earlier comparison set one (the server); else its GlobalId is. */
  readonly elementKeys?: readonly (string | null)[];
  readonly specifications: readonly CheckedSpecification[];
  readonly findings: readonly Finding[];
}

/** The requirement key a finding is about. */
export function findingRequirementKey(spec: CheckedSpecification, failure: FindingFailure): string | null {
  if (failure.facetIndex === null) return spec.ownKey;
  return spec.requirementKeys[failure.facetIndex] ?? null;
}

/** A light signature for an applicable entity that is not a product (an IfcProject, a material …). */
export interface EntityName {
  readonly globalId: string | null;
  readonly ifcClass: string;
  readonly name: string | null;
}

export class FindingsBuilder {
  private readonly byStepId = new Map<number, number>();
  private readonly specifications: CheckedSpecification[] = [];
  private readonly findings: Finding[] = [];

  constructor(
    private readonly elements: ElementSignatures,
    private readonly elementKeys?: (string | null)[],
  ) {
    elements.stepId.forEach((id, i) => {
      this.byStepId.set(id, i);
    });
  }

  /** Adds a specification; returns its index for `addFailure`. */
  addSpecification(spec: CheckedSpecification): number {
    this.specifications.push(spec);
    return this.specifications.length - 1;
  }

  /** Whether the element with this STEP id is known (a product, or an entity already added). */
  has(stepId: number): boolean {
    return this.byStepId.has(stepId);
  }

  /** Adds an applicable entity that is not a product, once. */
  addEntity(stepId: number, entity: EntityName, elementKey: string | null = null): void {
    if (this.byStepId.has(stepId)) return;
    const s = this.elements;
    this.byStepId.set(stepId, s.stepId.length);
    s.stepId.push(stepId);
    s.globalId.push(entity.globalId);
    s.ifcClass.push(entity.ifcClass);
    s.name.push(entity.name);
    s.typeName.push(null);
    s.predefinedType.push(null);
    s.predefinedTypeUserDefined.push(false);
    s.level.push(null);
    s.x.push(null);
    s.y.push(null);
    s.z.push(null);
    s.propertyHash.push(null);
    this.elementKeys?.push(elementKey);
  }

  /**
   * Adds an element's failures of a specification: one finding per failed requirement, or one
   * against the specification itself when `failures` is empty (a prohibited specification).
   */
  addFailures(specification: number, stepId: number, failures: readonly StoredFailure[]): void {
    const element = this.byStepId.get(stepId);
    if (element === undefined) throw new Error(`finding on unknown element #${stepId}`);
    if (failures.length === 0) {
      const failure = { facetIndex: null, facetType: null, outcome: null, actualValue: null };
      this.findings.push({ specification, element, failure });
      return;
    }
    for (const f of failures) {
      const failure: FindingFailure = {
        facetIndex: f.facetIndex,
        facetType: f.type,
        outcome: f.outcome ?? 'mismatch',
        actualValue: f.actualValue ?? null,
      };
      this.findings.push({ specification, element, failure });
    }
  }

  build(): VersionFindings {
    return {
      elements: this.elements,
      ...(this.elementKeys ? { elementKeys: this.elementKeys } : {}),
      specifications: this.specifications,
      findings: this.findings,
    };
  }
}

/** A failure as the check reports it and the server stores it (element_results.failures). */
export type StoredFailure = Pick<FacetFailure, 'facetIndex' | 'type'> &
  Partial<Pick<FacetFailure, 'outcome' | 'actualValue'>>;

/**
 * A version's findings from its check reports (the command line): `keys[i]` are the keys of the
 * specifications of `reports[i]` (requirement-key.ts `documentKeys`).
 */
export function findingsOfReports(
  model: IfcModel,
  signatures: ElementSignatures,
  checks: readonly { readonly report: CheckReport; readonly keys: readonly SpecificationKeys[] }[],
): VersionFindings {
  const builder = new FindingsBuilder(signatures);
  for (const { report, keys } of checks) {
    report.specifications.forEach((spec, position) => {
      const key = keys[position];
      if (!key) return;
      const index = builder.addSpecification({
        key: key.key,
        name: spec.name,
        identifier: spec.identifier,
        requirementKeys: key.requirementKeys,
        ownKey: spec.cardinality === 'prohibited' ? key.ownKey : null,
      });
      // Applicable entities that are not products still count as present (so a fixed one is resolved).
      for (const id of spec.passingIds) {
        if (!builder.has(id))
          builder.addEntity(id, {
            globalId: model.globalId(id),
            ifcClass: model.classOf(id) ?? 'UNKNOWN',
            name: model.name(id),
          });
      }
      for (const element of spec.failingElements) {
        builder.addEntity(element.id, {
          globalId: element.globalId,
          ifcClass: element.className,
          name: element.name,
        });
        builder.addFailures(index, element.id, element.failures);
      }
    });
  }
  return builder.build();
}
