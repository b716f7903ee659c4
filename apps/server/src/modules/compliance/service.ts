import {
  type ComplianceChartRow,
  type ComplianceResultsResponse,
  type ComplianceStatus,
  type ElementStatusesResponse,
  type FacetResultsResponse,
  type FileCompliance,
  type IdsSpecification,
  type IdsSpecificationListResponse,
  idsFacetTypeSchema,
  percentOf,
  type SpecificationComplianceSummary,
  specificationState,
} from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { Database } from '../../platform/db';
import { requireCheckedVersion, resolveFileVersion } from '../bimfiles';
import { requireProjectReader } from '../projects';
import { loadValidityEvidence, readsProperties, verdictMarks } from '../validity';
import { ComplianceError } from './errors';
import { storedFailureText, wordsFor } from './failure-text';
import { idsComplianceOf, specificationSummary, statusCounts } from './figures';
import * as repo from './repo';
import { STATUS_BY_RANK, STATUS_RANK } from './status';

/** Chart labels drop the prefix 'IDS_' and the suffix ' Specifications' (spec 2 §3). */
export function categoryLabel(name: string): string {
  return name.replace(/^IDS_/, '').replace(/ Specifications$/, '');
}

function toSpecificationDto(
  spec: repo.SpecificationRow,
  summary: SpecificationComplianceSummary | null,
): IdsSpecification {
  return {
    id: spec.id,
    ids_file_id: spec.idsFileId,
    ids_file_name: spec.idsFileName,
    name: spec.name,
    description: spec.description,
    identifier: spec.identifier,
    ifc_versions: spec.ifcVersions,
    min_occurs: spec.minOccurs,
    max_occurs: spec.maxOccurs,
    cardinality: spec.cardinality,
    instructions: spec.instructions,
    applicability_facets: spec.applicabilityFacets,
    requirement_facets: spec.requirementFacets,
    compliance_summary: summary,
  };
}

export function createComplianceService(deps: { db: Database }) {
  const { db } = deps;

  /** The file of the project and its version (named, or newest completed); 404/409 otherwise. */
  async function requireVersion(projectId: string, fileId: string, versionId: string | undefined) {
    return (await requireCheckedVersion(db, { projectId, fileId, versionId })).version;
  }

  async function requireSpecification(projectId: string, specificationId: string) {
    const spec = (await repo.listActiveSpecifications(db, projectId)).find((s) => s.id === specificationId);
    if (!spec) throw new ComplianceError('specification_not_found');
    return spec;
  }

  /** The active specifications with their requirement counts, and the one asked for (404 when unknown). */
  async function specificationsFor(projectId: string, specificationId: string | undefined) {
    const specs = await repo.listActiveSpecifications(db, projectId);
    const requirements = specs.map((s) => ({ id: s.id, requirementCount: s.requirementFacets.length }));
    const chosen = specificationId ? requirements.find((s) => s.id === specificationId) : undefined;
    if (specificationId && !chosen) throw new ComplianceError('specification_not_found');
    return { specs, requirements, chosen };
  }

  return {
    /** Specifications of the active IDS files; with a file, each one's compliance on its version. */
    async specifications(
      userId: string | null,
      projectId: string,
      query: { fileId?: string; versionId?: string },
    ): Promise<IdsSpecificationListResponse> {
      await requireProjectReader({ db, userId }, projectId);
      const specs = await repo.listActiveSpecifications(db, projectId);
      if (!query.fileId) {
        if (query.versionId) throw new ComplianceError('file_not_found');
        return { specifications: specs.map((s) => toSpecificationDto(s, null)), version_id: null };
      }
      const { file, version } = await resolveFileVersion(db, projectId, query.fileId, query.versionId);
      if (!file) throw new ComplianceError('file_not_found');
      if (!version && query.versionId) throw new ComplianceError('version_not_found');
      if (version?.status !== 'completed') {
        return {
          specifications: specs.map((s) => toSpecificationDto(s, null)),
          version_id: version?.id ?? null,
        };
      }
      const counts = new Map(
        (await repo.specificationCounts(db, version.id)).map((c) => [c.specificationId, c]),
      );
      return {
        specifications: specs.map((s) => {
          const c = counts.get(s.id);
          return toSpecificationDto(s, c ? specificationSummary(s, c, version.elementsCount) : null);
        }),
        version_id: version.id,
      };
    },

    /** File-level compliance of a version with the Compliance tab's rows and chart (spec 2 §2.1, §3). */
    async fileCompliance(
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId: string | undefined,
    ): Promise<FileCompliance> {
      await requireProjectReader({ db, userId }, projectId);
      const version = await requireVersion(projectId, fileId, versionId);
      const specs = await repo.listActiveSpecifications(db, projectId);
      const counts = new Map(
        (await repo.specificationCounts(db, version.id)).map((c) => [c.specificationId, c]),
      );
      const checked = specs.flatMap((spec) => {
        const c = counts.get(spec.id);
        return c ? [{ spec, c }] : [];
      });
      const compliant = checked.reduce((sum, { c }) => sum + c.compliant, 0);
      const applicable = checked.reduce((sum, { c }) => sum + c.applicable, 0);
      return {
        file_id: fileId,
        version_id: version.id,
        version_tag: version.versionTag,
        compliance_rate: percentOf(compliant, applicable),
        compliant_pairs: compliant,
        applicable_pairs: applicable,
        ids_compliance: idsComplianceOf(
          await repo.elementStatusCounts(db, version.id, undefined),
          version.elementsCount,
        ),
        total_specifications: checked.length,
        total_elements: version.elementsCount,
        specifications: checked.map(({ spec, c }) => ({
          specification_id: spec.id,
          name: spec.name,
          ids_file_name: spec.idsFileName,
          applicable_elements: c.applicable,
          compliant_elements: c.compliant,
          passed: c.passed,
          waived: c.waived,
          warning: c.warning,
          failed: c.failed,
          compliance_rate: percentOf(c.compliant, c.applicable),
          state: specificationState(c),
        })),
        chart_rows: checked.map(
          ({ spec, c }): ComplianceChartRow => ({
            category_name: categoryLabel(spec.name),
            exists: c.applicable > 0 ? 100 : 0,
            populated: percentOf(c.populated, c.applicable),
            compliant: percentOf(c.compliant, c.applicable),
            exists_count: c.applicable,
            populated_count: c.populated,
            compliant_count: c.compliant,
          }),
        ),
      };
    },

    /** Each applicable element of a specification with its facet results and reasons, paged. */
    async facetResults(
      userId: string | null,
      projectId: string,
      fileId: string,
      specificationId: string,
      query: { versionId?: string; offset: number; limit: number },
      locale: Locale = 'en',
    ): Promise<FacetResultsResponse> {
      const w = wordsFor(locale);
      await requireProjectReader({ db, userId }, projectId);
      const version = await requireVersion(projectId, fileId, query.versionId);
      const spec = await requireSpecification(projectId, specificationId);
      const applicable = (await repo.specificationCounts(db, version.id)).find(
        (c) => c.specificationId === spec.id,
      )?.applicable;
      const rows = await repo.listFacetResults(db, {
        versionId: version.id,
        spec: { id: spec.id, requirementCount: spec.requirementFacets.length },
        offset: query.offset,
        limit: query.limit,
      });
      const applicability = spec.applicabilityFacets;
      const requirements = spec.requirementFacets;
      const evidence = await loadValidityEvidence(db, version.id, {
        stepIds: rows.map((r) => r.stepId),
        globalIds: rows.map((r) => r.globalId),
      });
      const specReadsProperties = readsProperties(spec);
      return {
        specification_id: spec.id,
        version_id: version.id,
        total: applicable ?? 0,
        offset: query.offset,
        limit: query.limit,
        results: rows.map((row) => {
          const byIndex = new Map(row.failures.map((f) => [f.facetIndex, f]));
          return {
            element_id: row.globalId ?? `#${row.stepId}`,
            viewer_db_id: row.stepId,
            global_id: row.globalId,
            name: row.name,
            ifc_class: row.ifcClass,
            specification_id: spec.id,
            is_applicable: true as const,
            meets_requirements: row.passed,
            status: STATUS_BY_RANK[row.rank] ?? 'not_applicable',
            // Stored rows are the applicable elements: every applicability facet matched them.
            facet_results: {
              applicability: applicability.map((f) => ({ facet_id: f.id, passed: true })),
              requirements: requirements.map((f, index) => {
                const failure = byIndex.get(index);
                return {
                  facet_id: f.id,
                  passed: failure === undefined,
                  details: {
                    reason: failure ? storedFailureText(w, failure, f) : null,
                    actual_value: failure?.actualValue ?? null,
                  },
                };
              }),
            },
            failures: row.failures.map((f) => ({
              facet_id: requirements[f.facetIndex]?.id ?? `r${f.facetIndex}`,
              // The engine's facet type ('partOf') in the contract's spelling ('partof').
              facet_type: idsFacetTypeSchema.parse(f.type.toLowerCase()),
              outcome: f.outcome,
              kind: f.kind ?? null,
              subject: f.subject ?? null,
              actual: [...(f.actual ?? [])],
              reason: storedFailureText(w, f, requirements[f.facetIndex]),
              actual_value: f.actualValue ?? null,
            })),
            validity_marks: verdictMarks(
              { stepId: row.stepId, globalId: row.globalId, readsProperties: specReadsProperties },
              evidence,
            ),
          };
        }),
      };
    },

    /** The IDS Compliance view: element counts by status and a page of results (spec 2 §2.6). */
    async results(
      userId: string | null,
      projectId: string,
      fileId: string,
      query: {
        versionId?: string;
        specificationId?: string;
        status?: ComplianceStatus;
        offset: number;
        limit: number;
      },
    ): Promise<ComplianceResultsResponse> {
      await requireProjectReader({ db, userId }, projectId);
      const version = await requireVersion(projectId, fileId, query.versionId);
      const { specs, requirements, chosen } = await specificationsFor(projectId, query.specificationId);
      const summary = statusCounts(
        await repo.elementStatusCounts(db, version.id, chosen),
        version.elementsCount,
      );
      // Totals come from the stored per-specification counts rather than a count over every result.
      const inScope = new Set(chosen ? [chosen.id] : requirements.map((s) => s.id));
      const counts = (await repo.specificationCounts(db, version.id)).filter((c) =>
        inScope.has(c.specificationId),
      );
      const sum = (pick: (c: repo.SpecificationCountsRow) => number) =>
        counts.reduce((n, c) => n + pick(c), 0);
      const total =
        query.status === 'not_applicable'
          ? summary.not_applicable
          : query.status
            ? sum((c) => c[query.status as 'passed' | 'waived' | 'warning' | 'failed'])
            : sum((c) => c.passed + c.waived + c.warning + c.failed);
      const page = { versionId: version.id, offset: query.offset, limit: query.limit };
      const rows =
        query.status === 'not_applicable'
          ? await repo.listNotApplicable(db, { ...page, spec: chosen })
          : await repo.listResults(db, {
              ...page,
              specs: chosen ? [chosen] : requirements,
              rank: query.status === undefined ? undefined : STATUS_RANK[query.status],
            });
      const names = new Map(specs.map((s) => [s.id, s.name]));
      const readingProperties = new Set(specs.filter(readsProperties).map((s) => s.id));
      const evidence = await loadValidityEvidence(db, version.id, {
        stepIds: rows.map((r) => r.stepId),
        globalIds: rows.map((r) => r.globalId),
      });
      return {
        version_id: version.id,
        summary,
        total,
        offset: query.offset,
        limit: query.limit,
        results: rows.map((r) => ({
          viewer_db_id: r.stepId,
          global_id: r.globalId,
          name: r.name,
          ifc_class: r.ifcClass,
          status: STATUS_BY_RANK[r.rank] ?? 'not_applicable',
          specification_id: r.specificationId,
          specification_name: r.specificationId ? (names.get(r.specificationId) ?? null) : null,
          validity_marks: verdictMarks(
            {
              stepId: r.stepId,
              globalId: r.globalId,
              readsProperties: r.specificationId !== null && readingProperties.has(r.specificationId),
            },
            evidence,
          ),
        })),
      };
    },

    /** viewer_db_id → status of every element with one, for the 3D compliance viewer. */
    async elementStatuses(
      userId: string | null,
      projectId: string,
      fileId: string,
      query: { versionId?: string; specificationId?: string },
    ): Promise<ElementStatusesResponse> {
      await requireProjectReader({ db, userId }, projectId);
      const version = await requireVersion(projectId, fileId, query.versionId);
      const { chosen } = await specificationsFor(projectId, query.specificationId);
      const { stepIds, ranks } = await repo.elementStatuses(db, version.id, chosen);
      const tally = new Map<number, number>();
      for (const rank of ranks) tally.set(rank, (tally.get(rank) ?? 0) + 1);
      return {
        version_id: version.id,
        viewer_db_ids: stepIds,
        statuses: ranks.map((rank) => STATUS_BY_RANK[rank] ?? 'not_applicable'),
        summary: statusCounts(tally, version.elementsCount),
      };
    },
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
