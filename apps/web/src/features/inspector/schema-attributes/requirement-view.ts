import type {
  SchemaAttributesResponse,
  SchemaFacet,
  SchemaSpecification,
  ValueConstraint,
} from '@plumbline/contracts';
import { foldedText } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import { facetTypeLabel } from '@/lib/facet-labels';
import type { MessageId } from '@/lib/i18n';

type T = Translator<MessageId>;

export type ComplianceFilter = 'all' | SchemaFacet['compliance'];
export type CardinalityFilter = 'all' | SchemaFacet['cardinality'];
export type TypeFilter = 'all' | SchemaFacet['facet_type'];

export interface RequirementFilters {
  search: string;
  type: TypeFilter;
  cardinality: CardinalityFilter;
  compliance: ComplianceFilter;
  /** The specification chosen on the Specifications tab ('Filtered by specification'). */
  specificationId: string | null;
}

export const NO_FILTERS: RequirementFilters = {
  search: '',
  type: 'all',
  cardinality: 'all',
  compliance: 'all',
  specificationId: null,
};

export type RequirementSortKey = 'type' | 'requirement' | 'cardinality' | 'compliance';
export interface RequirementSort {
  key: RequirementSortKey;
  direction: 'asc' | 'desc';
}

/** The facet's value is one simple value (or none), so it can be printed inline. */
function singleValue(f: SchemaFacet): boolean {
  return f.value_constraints.every((c) => c.type === 'simpleValue');
}

/** What the facet asks for, in a line (names and values from the IDS as written). */
export function requirementText(t: T, f: SchemaFacet): string {
  switch (f.facet_type) {
    case 'property':
      return `${f.property_set ?? '*'}.${f.property_name ?? '*'}`;
    case 'attribute':
      return f.attribute_name ?? '';
    case 'entity':
      return f.predefined_type ? `${f.entity_name} (${f.predefined_type})` : (f.entity_name ?? '');
    // A single reference reads inline; a list of references is the Value Constraints column's,
    // collapsed there (an NL-SfB requirement lists ~660 codes; issue 17).
    case 'classification':
      return [f.classification_system, singleValue(f) ? f.classification_value : null]
        .filter(Boolean)
        .join(': ');
    case 'material':
      return (singleValue(f) ? f.material_value : null) ?? t('inspector.schema.anyMaterial');
    case 'partof':
      return f.partof_entity_name ?? '';
  }
}

/** Spec 2 §9: enumerations show their first 3 values, then '+n more'. */
export function constraintText(t: T, c: ValueConstraint): string {
  switch (c.type) {
    case 'simpleValue':
      return c.value;
    case 'enumeration':
      return foldedText(c.values);
    case 'pattern':
      return t('inspector.schema.pattern', { pattern: c.pattern });
    case 'bounds':
      return `${c.min_value ?? '−∞'} … ${c.max_value ?? '∞'}`;
  }
}

/** Spec 2 §5: requirements search covers property name, property set, entity, attribute, classification system and material value. */
export function matchesRequirementSearch(f: SchemaFacet, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [
    f.property_name,
    f.property_set,
    f.entity_name,
    f.attribute_name,
    f.classification_system,
    f.material_value,
  ]
    .filter((t): t is string => t !== null)
    .some((t) => t.toLowerCase().includes(q));
}

const COMPLIANCE_RANK: Record<SchemaFacet['compliance'], number> = { failed: 0, 'no-data': 1, passed: 2 };
const CARDINALITY_RANK: Record<SchemaFacet['cardinality'], number> = {
  required: 0,
  optional: 1,
  prohibited: 2,
};

function compare(t: T, a: SchemaFacet, b: SchemaFacet, key: RequirementSortKey): number {
  switch (key) {
    case 'type':
      return facetTypeLabel(t, a.facet_type).localeCompare(facetTypeLabel(t, b.facet_type), t.locale);
    case 'requirement':
      return requirementText(t, a).localeCompare(requirementText(t, b));
    case 'cardinality':
      return CARDINALITY_RANK[a.cardinality] - CARDINALITY_RANK[b.cardinality];
    case 'compliance':
      return COMPLIANCE_RANK[a.compliance] - COMPLIANCE_RANK[b.compliance];
  }
}

export function allRequirements(specifications: readonly SchemaSpecification[]): SchemaFacet[] {
  return specifications.flatMap((s) => s.requirement_facets);
}

/**
 * Filtered and (when a sort is chosen) sorted requirements; unsorted keeps document order. Types sort
 * by their names in the page's language (`t`, with `common` loaded).
 */
export function visibleRequirements(
  t: T,
  requirements: readonly SchemaFacet[],
  filters: RequirementFilters,
  sort: RequirementSort | null,
): SchemaFacet[] {
  const rows = requirements.filter(
    (f) =>
      (filters.specificationId === null || f.specification_id === filters.specificationId) &&
      (filters.type === 'all' || f.facet_type === filters.type) &&
      (filters.cardinality === 'all' || f.cardinality === filters.cardinality) &&
      (filters.compliance === 'all' || f.compliance === filters.compliance) &&
      matchesRequirementSearch(f, filters.search),
  );
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows.sort((a, b) => sign * compare(t, a, b, sort.key));
}

/** Spec 2 §2.1: ascending, then descending, then unsorted. */
export function nextRequirementSort(
  current: RequirementSort | null,
  key: RequirementSortKey,
): RequirementSort | null {
  if (current === null || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/** Spec 2 §7 client-side export: specifications, facets, statistics, exported_at and project_id. */
export function idsExport(projectId: string, data: Omit<SchemaAttributesResponse, 'version_id'>, now: Date) {
  const facets = data.specifications.flatMap((s) => [...s.applicability_facets, ...s.requirement_facets]);
  return {
    specifications: data.specifications.map(({ applicability_facets, requirement_facets, ...s }) => ({
      ...s,
      applicability_facet_ids: applicability_facets.map((f) => f.id),
      requirement_facet_ids: requirement_facets.map((f) => f.id),
    })),
    facets,
    statistics: data.statistics,
    exported_at: now.toISOString(),
    project_id: projectId,
  };
}

/**
 * Under a failed requirement: how many of its applicable elements fail it, in words a reader takes in
 * at once ("1 of 1 elements" read as a second verdict beside the badge).
 */
export function failingElementsText(t: T, failed: number, applicable: number): string {
  const kind = applicable === 1 && failed === 1 ? 'only' : failed === applicable ? 'all' : 'some';
  return t('inspector.schema.failingElements', { kind, failed, applicable });
}
