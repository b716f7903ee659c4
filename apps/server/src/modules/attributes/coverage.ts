import type {
  AttributeInsights,
  ExtraAttribute,
  RecommendationStatus,
  SchemaSummary,
  SuggestionPriority,
} from '@plumbline/contracts';
import { percentOf } from '@plumbline/contracts';

/** Spec 2 §9: fuzzy matching needs both names at least this long. */
export const FUZZY_MIN_LENGTH = 6;

/**
 * Spec 2 §5 coverage matching: equal ignoring case and surrounding spaces, or, when both are at
 * least 6 characters long, one contains the other (case-insensitively).
 */
export function namesMatch(attributeName: string, facetName: string): boolean {
  const a = attributeName.trim().toLowerCase();
  const b = facetName.trim().toLowerCase();
  if (a.length === 0 || b.length === 0) return false;
  if (a === b) return true;
  return a.length >= FUZZY_MIN_LENGTH && b.length >= FUZZY_MIN_LENGTH && (a.includes(b) || b.includes(a));
}

/** Spec 2 §9: for uncovered attributes high above 80 % occurrence, medium above 50, else low. */
export function suggestionPriority(occurrence: number, covered: boolean): SuggestionPriority {
  if (covered) return 'low';
  if (occurrence > 80) return 'high';
  if (occurrence > 50) return 'medium';
  return 'low';
}

/** A property facet of an active specification, as coverage needs it. */
export interface CoveringFacet {
  specificationId: string;
  specificationName: string;
  propertyName: string | null;
}

/** A specification with the IFC classes its applicability names (for suggested_schema_category). */
export interface SpecificationScope {
  name: string;
  entityNames: string[];
}

/** One row of version_attribute_stats (or their sum over several versions). */
export interface AttributeStat {
  propertySet: string;
  name: string;
  elementCount: number;
  populatedCount: number;
  distinctValues: number;
  sampleValues: string[];
  ifcClasses: string[];
  dataType: string | null;
}

export const attributeId = (propertySet: string, name: string) => `${propertySet}.${name}`;

/** The first specification whose applicability names the class (IDS entity names are upper-case). */
function suggestedSpecification(ifcClass: string | undefined, scopes: readonly SpecificationScope[]) {
  if (!ifcClass) return null;
  const wanted = ifcClass.toUpperCase();
  return scopes.find((s) => s.entityNames.some((e) => e.toUpperCase() === wanted))?.name ?? null;
}

export function toExtraAttributes(
  stats: readonly AttributeStat[],
  totalElements: number,
  facets: readonly CoveringFacet[],
  scopes: readonly SpecificationScope[],
  statuses: ReadonlyMap<string, RecommendationStatus>,
): ExtraAttribute[] {
  return stats.map((stat) => {
    const id = attributeId(stat.propertySet, stat.name);
    const covering = new Map<string, string>();
    for (const facet of facets) {
      if (facet.propertyName !== null && namesMatch(stat.name, facet.propertyName))
        covering.set(facet.specificationId, facet.specificationName);
    }
    const occurrence = percentOf(stat.elementCount, totalElements);
    const covered = covering.size > 0;
    return {
      id,
      name: stat.name,
      full_name: id,
      property_set_name: stat.propertySet,
      category: stat.ifcClasses[0] ?? 'Unknown',
      ifc_classes: stat.ifcClasses,
      occurrence,
      helpfulness: percentOf(stat.populatedCount, stat.elementCount),
      element_count: stat.elementCount,
      populated_count: stat.populatedCount,
      distinct_values: stat.distinctValues,
      data_type: stat.dataType,
      values: stat.sampleValues,
      recommendation_status: statuses.get(id) ?? 'pending_review',
      suggested_schema_category: suggestedSpecification(stat.ifcClasses[0], scopes),
      ids_coverage: covered ? 'covered' : 'not_covered',
      covering_specifications: [...covering].map(([specId, name]) => ({ id: specId, name })),
      suggestion_priority: suggestionPriority(occurrence, covered),
    };
  });
}

export function coverageSummary(attributes: readonly ExtraAttribute[]) {
  const covered = attributes.filter((a) => a.ids_coverage === 'covered').length;
  return {
    total_attributes: attributes.length,
    covered,
    not_covered: attributes.length - covered,
    coverage_rate: percentOf(covered, attributes.length),
  };
}

export function schemaSummary(
  attributes: readonly ExtraAttribute[],
  totals: { specifications: number; propertyFacets: number },
): SchemaSummary {
  const summary = coverageSummary(attributes);
  return {
    totalSpecifications: totals.specifications,
    propertyFacets: totals.propertyFacets,
    coveredAttributes: summary.covered,
    notCoveredAttributes: summary.not_covered,
    totalAttributes: summary.total_attributes,
    coverageRate: summary.coverage_rate,
    highPriorityMissing: attributes.filter(
      (a) => a.ids_coverage === 'not_covered' && a.suggestion_priority === 'high',
    ).length,
  };
}

/** Statuses that take an attribute out of the recommendations (decided against, or done). */
const SETTLED: ReadonlySet<RecommendationStatus> = new Set(['not_recommended', 'added_to_schema']);
const PRIORITY_RANK: Record<SuggestionPriority, number> = { high: 0, medium: 1, low: 2 };
export const TOP_RECOMMENDATIONS = 10;

function reasonFor(a: ExtraAttribute): string {
  const share = `${a.occurrence.toFixed(1)}% of elements`;
  const filled =
    a.helpfulness >= 100 ? 'always filled in' : `filled in on ${a.helpfulness.toFixed(1)}% of them`;
  return `On ${share} (${filled}) but not required by any IDS specification.`;
}

/**
 * Spec 1 §3 'Attribute insights'. Gaps are uncovered attributes; the recommendations are the open
 * gaps (not settled by the team), by priority then occurrence. coverageOpportunity is how many
 * coverage points adding every high- and medium-priority gap would gain.
 */
export function attributeInsights(attributes: readonly ExtraAttribute[]): AttributeInsights {
  const gaps = attributes.filter((a) => a.ids_coverage === 'not_covered');
  const worth = gaps.filter((a) => a.suggestion_priority !== 'low').length;
  const occurrenceSum = attributes.reduce((sum, a) => sum + a.occurrence, 0);
  const top = gaps
    .filter((a) => !SETTLED.has(a.recommendation_status))
    .sort(
      (x, y) =>
        PRIORITY_RANK[x.suggestion_priority] - PRIORITY_RANK[y.suggestion_priority] ||
        y.occurrence - x.occurrence ||
        x.full_name.localeCompare(y.full_name),
    )
    .slice(0, TOP_RECOMMENDATIONS);
  return {
    totalGaps: gaps.length,
    highPriorityGaps: gaps.filter((a) => a.suggestion_priority === 'high').length,
    averageOccurrence:
      attributes.length === 0 ? 0 : Math.round((occurrenceSum / attributes.length) * 10) / 10,
    coverageOpportunity: percentOf(worth, attributes.length),
    topRecommendations: top.map((a) => ({
      id: a.id,
      name: a.name,
      priority: a.suggestion_priority,
      propertySet: a.property_set_name,
      occurrence: a.occurrence,
      helpfulness: a.helpfulness,
      reason: reasonFor(a),
    })),
  };
}
