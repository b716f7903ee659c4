import type { IdsFacet } from '@plumbline/contracts';
import {
  percentOf,
  type SchemaAttributesResponse,
  type SchemaFacet,
  type SchemaFacetBase,
  specificationState,
} from '@plumbline/contracts';
import type { AttributeProfile } from './analyze';
import type { AttributeStat, CoveringFacet, SpecificationScope } from './coverage';
import type { ActiveSpecificationRow, StatRow } from './repo';

/** Property facets (applicability and requirements) and applicability scopes of the active specifications. */
export function coverageInputs(specs: readonly ActiveSpecificationRow[]) {
  const facets: Array<CoveringFacet & { inRequirements: boolean }> = [];
  const scopes: SpecificationScope[] = [];
  for (const spec of specs) {
    const applicability = spec.applicabilityFacets;
    for (const [list, inRequirements] of [
      [applicability, false],
      [spec.requirementFacets, true],
    ] as const) {
      for (const f of list) {
        if (f.facet_type !== 'property') continue;
        facets.push({
          specificationId: spec.id,
          specificationName: spec.name,
          propertyName: f.property_name,
          inRequirements,
        });
      }
    }
    scopes.push({
      name: spec.name,
      entityNames: applicability.flatMap((f) =>
        f.facet_type === 'entity' && f.entity_name ? f.entity_name.split(' | ') : [],
      ),
    });
  }
  return { facets, scopes };
}

/**
 * Stats of several versions summed per property set + name. Distinct values are exact only when every
 * version kept all of its values as samples; otherwise the sum stands as an upper bound (which keeps
 * an enumeration from being suggested on incomplete knowledge).
 */
export function mergeStats(rows: readonly StatRow[]): Array<AttributeStat & AttributeProfile> {
  const merged = new Map<
    string,
    AttributeStat & AttributeProfile & { complete: boolean; classes: Map<string, number> }
  >();
  for (const row of rows) {
    const key = `${row.propertySet}\u0000${row.name}`;
    let m = merged.get(key);
    if (!m) {
      m = {
        propertySet: row.propertySet,
        name: row.name,
        elementCount: 0,
        populatedCount: 0,
        distinctValues: 0,
        sampleValues: [],
        ifcClasses: [],
        dataType: row.dataType,
        booleanValues: 0,
        integerValues: 0,
        realValues: 0,
        complete: true,
        classes: new Map(),
      };
      merged.set(key, m);
    }
    m.elementCount += row.elementCount;
    m.populatedCount += row.populatedCount;
    m.booleanValues += row.booleanValues;
    m.integerValues += row.integerValues;
    m.realValues += row.realValues;
    m.distinctValues += row.distinctValues;
    m.complete &&= row.distinctValues === row.sampleValues.length;
    m.sampleValues = [...new Set([...m.sampleValues, ...row.sampleValues])].sort();
    m.dataType ??= row.dataType;
    // Classes arrive most frequent first; weight by position so the merged order stays sensible.
    const classes = m.classes;
    row.ifcClasses.forEach((c, i) => {
      classes.set(c, (classes.get(c) ?? 0) + row.elementCount / (i + 1));
    });
  }
  return [...merged.values()].map(({ complete, classes, ...m }) => ({
    ...m,
    distinctValues: complete ? m.sampleValues.length : m.distinctValues,
    sampleValues: m.sampleValues.slice(0, Math.max(...rows.map((r) => r.sampleValues.length), 0)),
    ifcClasses: [...classes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c),
  }));
}

function baseFacet(f: IdsFacet, spec: ActiveSpecificationRow): SchemaFacetBase {
  return { ...f, specification_id: spec.id, specification_name: spec.name };
}

type Omitted = Omit<SchemaAttributesResponse, 'version_id'>;

/**
 * The Schema Attributes tab: each active specification with its requirement facets and their
 * compliance on the version. A facet passed when no applicable element fails it, failed when some
 * do, no-data when nothing applied (or the version was not checked against the specification).
 */
export function buildSchemaAttributes(
  specs: readonly ActiveSpecificationRow[],
  results: ReadonlyArray<{ specificationId: string; applicable: number; passed: number; failed: number }>,
  failures: ReadonlyArray<{ specification_id: string; facet_index: number; failed: number }>,
): Omitted {
  const resultOf = new Map(results.map((r) => [r.specificationId, r]));
  const failedOf = new Map(failures.map((f) => [`${f.specification_id}:${f.facet_index}`, f.failed]));
  let applicablePairs = 0;
  let passedPairs = 0;
  let totalFacets = 0;
  let requiredFacets = 0;
  const specifications = specs.map((spec) => {
    const result = resultOf.get(spec.id);
    const applicable = result?.applicable ?? 0;
    applicablePairs += applicable;
    passedPairs += result?.passed ?? 0;
    const requirements: SchemaFacet[] = spec.requirementFacets.map((f, index) => {
      const failed = failedOf.get(`${spec.id}:${index}`) ?? 0;
      return {
        ...baseFacet(f, spec),
        compliance: applicable === 0 ? 'no-data' : failed > 0 ? 'failed' : 'passed',
        failed_elements: failed,
        applicable_elements: applicable,
      };
    });
    totalFacets += requirements.length;
    requiredFacets += requirements.filter((f) => f.cardinality === 'required').length;
    return {
      id: spec.id,
      name: spec.name,
      description: spec.description,
      ids_file_id: spec.idsFileId,
      ids_file_name: spec.idsFileName,
      applicable_elements: applicable,
      passed_elements: result?.passed ?? 0,
      failed_elements: result?.failed ?? 0,
      compliance_rate: applicable === 0 ? null : percentOf(result?.passed ?? 0, applicable),
      state: specificationState(result ? { applicable, compliant: result.passed } : null),
      applicability_facets: spec.applicabilityFacets.map((f) => baseFacet(f, spec)),
      requirement_facets: requirements,
    };
  });
  return {
    specifications,
    statistics: {
      total_specifications: specs.length,
      ids_compliance: percentOf(passedPairs, applicablePairs),
      total_facets: totalFacets,
      required_facets: requiredFacets,
    },
  };
}
