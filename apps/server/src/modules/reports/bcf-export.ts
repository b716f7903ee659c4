// BCF from the web (issues 13, 20): the stored results of one version as the engine's CheckReport,
// written by the engine's own BCF writer (the CLI's) in 2.1 or 3.0, one topic per failing element type
// and specification by default, or per element. Only failing elements are read: the BCF has no use for
// the rest. GUIDs derive from the version's SHA-256 and each IDS file's, as on the command line.
import type { BcfVersion } from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { CheckReport, SpecificationResult } from '@plumbline/ids';
import type { BcfReportOptions } from '@plumbline/ids/report/bcf';
import { type BcfIdentity, specificationKey } from '@plumbline/ids/report/bcf-identity';
import { specificationReasonOf } from '@plumbline/ids/report/words';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import { render } from '../../platform/i18n';
import { runWorkerTask } from '../../platform/worker-task';
import { facetSummaryOf, listActiveSpecifications, unwaivedFailureSql } from '../compliance';
import type { FailingRow } from './bcf-from-feed';
import { validityTopics } from './bcf-validity';
import type { ScopeVersion } from './repo';

/** Failing elements are read and sent to the BCF writer's thread this many at a time. */
const FAILING_PAGE = 2000;

/**
 * A version's failing elements in primary-key order (specification, STEP id), a page at a time, so
 * neither this thread nor the database holds them all at once. The failures stay JSON text: the
 * writer's thread parses them.
 */
export async function* failingRows(
  db: Database,
  versionId: string,
  specificationIds: readonly string[],
  pageSize = FAILING_PAGE,
): AsyncGenerator<FailingRow[]> {
  if (specificationIds.length === 0) return;
  const specs = sql`${sql.param([...specificationIds])}::uuid[]`;
  let after: { spec: string; step: number } | null = null;
  for (;;) {
    const from: ReturnType<typeof sql> = after
      ? sql`and (er.specification_id, er.element_step_id) > (${after.spec}::uuid, ${after.step})`
      : sql``;
    const rows: Array<Record<string, unknown>> = await rowsOf<Record<string, unknown>>(
      db,
      sql`select er.specification_id, er.element_step_id, er.failures::text as failures,
            e.global_id, e.ifc_class, e.name
          from element_results er
          left join named_objects e on e.file_version_id = er.file_version_id and e.step_id = er.element_step_id
          where er.file_version_id = ${versionId} and er.specification_id = any(${specs})
            and ${unwaivedFailureSql(sql`er`)} ${from}
          order by er.specification_id, er.element_step_id
          limit ${pageSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      specificationId: row.specification_id as string,
      stepId: Number(row.element_step_id),
      globalId: (row.global_id as string | null) ?? null,
      ifcClass: (row.ifc_class as string | null) ?? null,
      name: (row.name as string | null) ?? null,
      failures: row.failures as string,
    }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { spec: last.specification_id as string, step: Number(last.element_step_id) };
  }
}

/**
 * Whether a failed specification still fails once waived failures are set aside: a required or
 * optional one fails while an unwaived element fails it or (required) nothing applies; a prohibited
 * one while an unwaived element matches it.
 */
function failedOrRequired(cardinality: string, outcome: Record<string, unknown>): boolean {
  const applicable = Number(outcome.applicable_count ?? 0);
  const failed = Number(outcome.failed_count ?? 0);
  if (cardinality === 'required' && applicable === 0) return true;
  return failed > 0;
}

/**
 * The version's stored results as the engine's CheckReport, without the failing elements (each
 * specification's list empty, in the order of `specificationIds`): `failingRows` brings them.
 */
export async function storedReportFrame(
  db: Database,
  projectId: string,
  version: ScopeVersion,
  idsTitle: string | null,
  /** Only this specification (the IDS Compliance view's filter); null: all. */
  specificationId: string | null = null,
): Promise<{
  report: CheckReport;
  specifications: Awaited<ReturnType<typeof listActiveSpecifications>>;
  specificationIds: string[];
}> {
  const active = await listActiveSpecifications(db, projectId);
  const specs = specificationId ? active.filter((s) => s.id === specificationId) : active;
  const outcomes = new Map(
    (
      await rowsOf<Record<string, unknown>>(
        db,
        // A waived failure is no issue to raise (issue 32): the BCF counts and lists unwaived failures only.
        sql`select sr.specification_id, sr.status, sr.reason, sr.applicable_count, sr.passed_count,
              sr.failed_count - coalesce(sc.waived_count, 0) as failed_count
            from specification_results sr left join specification_compliance sc
              on sc.file_version_id = sr.file_version_id and sc.specification_id = sr.specification_id
            where sr.file_version_id = ${version.versionId}`,
      )
    ).map((row) => [row.specification_id as string, row]),
  );
  const specifications: SpecificationResult[] = specs.map((spec) => {
    const outcome = outcomes.get(spec.id);
    return {
      name: spec.name,
      description: spec.description,
      identifier: spec.identifier,
      instructions: spec.instructions,
      ifcVersions: spec.ifcVersions,
      cardinality: spec.cardinality,
      applicability: spec.applicabilityFacets.map(facetSummaryOf),
      requirements: spec.requirementFacets.map(facetSummaryOf),
      status: outcome?.status === 'fail' && failedOrRequired(spec.cardinality, outcome) ? 'fail' : 'pass',
      // The counts say why (the engine's rule), whatever a row stored before issue 31 holds as text.
      reason: specificationReasonOf(
        spec.cardinality,
        Number(outcome?.applicable_count ?? 0),
        Number(outcome?.failed_count ?? 0),
      ),
      applicableCount: Number(outcome?.applicable_count ?? 0),
      passedCount: Number(outcome?.passed_count ?? 0),
      failedCount: Number(outcome?.failed_count ?? 0),
      // The BCF reads failing elements only; the writer's thread fills them from the feed.
      passingIds: new Uint32Array(0),
      failingElements: [],
    };
  });
  const [origin] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select sha256, ifc_header_file_name, ifc_header_time_stamp, ifc_project_global_id
        from file_versions where id = ${version.versionId}`,
  );
  const report: CheckReport = {
    status: specifications.some((s) => s.status === 'fail') ? 'fail' : 'pass',
    ids: { title: idsTitle, fileName: null },
    model: {
      fileName: version.fileName,
      schema: null,
      sha256: (origin?.sha256 as string | undefined) ?? null,
      headerFileName: (origin?.ifc_header_file_name as string | null | undefined) ?? null,
      headerTimeStamp: (origin?.ifc_header_time_stamp as string | null | undefined) ?? null,
      projectGlobalId: (origin?.ifc_project_global_id as string | null | undefined) ?? null,
    },
    problems: [],
    specifications,
    checkedAt: (version.processedAt ?? new Date(0)).toISOString(),
    durationMs: 0,
  };
  return { report, specifications: specs, specificationIds: specs.map((spec) => spec.id) };
}

/**
 * What the GUIDs derive from: the version's bytes and, per specification, its IDS file's bytes and
 * position, so two IDS files never share a GUID and a re-check of the same files keeps them.
 */
async function storedIdentity(
  db: Database,
  projectId: string,
  report: CheckReport,
  /** The report's specifications, in its order (storedReportFrame). */
  specs: ReadonlyArray<Awaited<ReturnType<typeof listActiveSpecifications>>[number]>,
): Promise<BcfIdentity> {
  const idsRows = await rowsOf<{ id: string; sha256: string }>(
    db,
    sql`select id, sha256 from ids_files where project_id = ${projectId} and is_active`,
  );
  const idsSha = new Map(idsRows.map((row) => [row.id, row.sha256]));
  return {
    model: `sha256:${report.model.sha256 ?? report.model.fileName}`,
    specifications: specs.map((spec) =>
      specificationKey(
        `sha256:${idsSha.get(spec.idsFileId) ?? spec.idsFileId}`,
        spec.position,
        spec.identifier ?? spec.name,
      ),
    ),
  };
}

/** Writing a BCF is CPU work (XML of every topic, compression): it must never hold the event loop. */
const BCF_TIME_LIMIT_MS = 10 * 60_000;

/**
 * A version's failures as a BCF 2.1 or 3.0 archive: the BCF report format, and the IDS Compliance view's
 * export for one specification or all. Written on a worker thread (decision 0157) from the failing
 * rows this thread reads a page at a time; bounded by the writer's topic cap; read access is the caller's.
 */
export async function renderBcf(
  db: Database,
  input: {
    projectId: string;
    version: ScopeVersion;
    specificationId: string | null;
    grouping: 'type' | 'element';
    bcfVersion: BcfVersion;
    idsTitle: string | null;
    /** The language of the topics (the project's, else the requester's). */
    locale: Locale;
    /** Add the model's validity findings as topics of their own (one per failing rule). */
    validity?: boolean;
  },
): Promise<Uint8Array> {
  const { report, specifications, specificationIds } = await storedReportFrame(
    db,
    input.projectId,
    input.version,
    input.idsTitle,
    input.specificationId,
  );
  const options: BcfReportOptions = {
    version: input.bcfVersion,
    grouping: input.grouping,
    identity: await storedIdentity(db, input.projectId, report, specifications),
    modelDate: input.version.processedAt?.toISOString() ?? null,
    fullExportHint: render(input.locale, 'reports.bcfHint'),
    lang: input.locale,
    extraTopics: input.validity ? await validityTopics(db, input.version.versionId, input.locale) : [],
  };
  return runWorkerTask<Uint8Array>(
    'render-bcf',
    { report, specificationIds, options },
    {
      timeLimitMs: BCF_TIME_LIMIT_MS,
      limitMessage: 'Writing the BCF took longer than 10 minutes.',
      feed: failingRows(db, input.version.versionId, specificationIds),
    },
  );
}
