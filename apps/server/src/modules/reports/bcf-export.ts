// BCF from the web (issue 13): the stored results of one version as the engine's CheckReport, written
// by the engine's own BCF 3.0 writer (the CLI's), one topic per failing element type and specification
// by default, or per element. Only failing elements are read: the BCF has no use for the rest.
import type { IdsFacet } from '@plumbline/contracts';
import type {
  CheckReport,
  ElementResult,
  FacetFailure,
  FacetSummary,
  SpecificationResult,
} from '@plumbline/ids';
import { buildBcfReport } from '@plumbline/ids/report/bcf';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { listActiveSpecifications } from '../compliance/repo';
import { describeFacet } from './data';
import type { ScopeVersion } from './repo';

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const FACET_TYPE: Record<IdsFacet['facet_type'], FacetSummary['type']> = {
  entity: 'entity',
  attribute: 'attribute',
  property: 'property',
  classification: 'classification',
  material: 'material',
  partof: 'partOf',
};

function summary(facet: IdsFacet): FacetSummary {
  return {
    type: FACET_TYPE[facet.facet_type],
    description: describeFacet(facet),
    cardinality: facet.cardinality,
  };
}

export async function storedCheckReport(
  db: Database,
  projectId: string,
  version: ScopeVersion,
  idsTitle: string | null,
  /** Only this specification (the IDS Compliance view's filter); null: all. */
  specificationId: string | null = null,
): Promise<CheckReport> {
  const active = await listActiveSpecifications(db, projectId);
  const specs = specificationId ? active.filter((s) => s.id === specificationId) : active;
  const outcomes = await rowsOf<Record<string, unknown>>(
    db,
    sql`select specification_id, status, reason, applicable_count, passed_count, failed_count
        from specification_results where file_version_id = ${version.versionId}`,
  );
  const failing = await rowsOf<Record<string, unknown>>(
    db,
    sql`select er.specification_id, er.element_step_id, er.failures, e.global_id, e.ifc_class, e.name
        from element_results er
        left join elements e on e.file_version_id = er.file_version_id and e.step_id = er.element_step_id
        where er.file_version_id = ${version.versionId} and not er.passed
        order by er.specification_id, er.element_step_id`,
  );
  const bySpec = new Map<string, ElementResult[]>();
  for (const row of failing) {
    const failures = (
      typeof row.failures === 'string' ? JSON.parse(row.failures) : row.failures
    ) as FacetFailure[];
    const element: ElementResult = {
      id: Number(row.element_step_id),
      globalId: (row.global_id as string | null) ?? null,
      className: (row.ifc_class as string | null) ?? 'IFCPRODUCT',
      name: (row.name as string | null) ?? null,
      passed: false,
      failures,
    };
    const key = row.specification_id as string;
    bySpec.set(key, [...(bySpec.get(key) ?? []), element]);
  }
  const specifications: SpecificationResult[] = specs.map((spec) => {
    const outcome = outcomes.find((o) => o.specification_id === spec.id);
    return {
      name: spec.name,
      description: spec.description,
      identifier: spec.identifier,
      instructions: spec.instructions,
      ifcVersions: spec.ifcVersions,
      cardinality: spec.cardinality,
      applicability: (spec.applicabilityFacets as IdsFacet[]).map(summary),
      requirements: (spec.requirementFacets as IdsFacet[]).map(summary),
      status: outcome?.status === 'fail' ? 'fail' : 'pass',
      reason: (outcome?.reason as string | null) ?? null,
      applicableCount: Number(outcome?.applicable_count ?? 0),
      passedCount: Number(outcome?.passed_count ?? 0),
      failedCount: Number(outcome?.failed_count ?? 0),
      elements: bySpec.get(spec.id) ?? [],
    };
  });
  return {
    status: specifications.some((s) => s.status === 'fail') ? 'fail' : 'pass',
    ids: { title: idsTitle, fileName: null },
    model: { fileName: version.fileName, schema: null },
    problems: [],
    specifications,
    checkedAt: (version.processedAt ?? new Date(0)).toISOString(),
    durationMs: 0,
  };
}

/**
 * A version's failures as a BCF 3.0 archive: the BCF report format, and the IDS Compliance view's
 * export for one specification or all. Bounded by the writer's topic cap; read access is the caller's.
 */
export async function renderBcf(
  db: Database,
  input: {
    projectId: string;
    version: ScopeVersion;
    specificationId: string | null;
    grouping: 'type' | 'element';
    idsTitle: string | null;
  },
): Promise<Uint8Array> {
  const report = await storedCheckReport(
    db,
    input.projectId,
    input.version,
    input.idsTitle,
    input.specificationId,
  );
  return buildBcfReport(report, { grouping: input.grouping }).bytes;
}
