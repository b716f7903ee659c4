import type { IdsFacet } from '@plumbline/contracts';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import type { ComparisonHeader } from './comparison-rows';

export interface VersionRef {
  id: string;
  versionNumber: number;
  versionTag: string;
  checkedAt: Date | null;
}

export interface StoredHeader extends ComparisonHeader {
  fileVersionId: string;
  computedAt: Date;
}

const HEADER_COLUMNS = sql`vc.file_version_id as "fileVersionId", vc.from_version_id as "fromVersionId",
  vc.computed_at as "computedAt", vc.matched_by_global_id as "matchedByGlobalId",
  vc.matched_by_content as "matchedByContent", vc.added_elements as "addedElements",
  vc.removed_elements as "removedElements", vc.new_count as "newCount", vc.resolved_count as "resolvedCount",
  vc.removed_count as "removedCount", vc.persisting_count as "persistingCount"`;

/** A file's stored comparisons with both versions, newest version first. */
export async function listComparisons(
  db: Database,
  fileId: string,
): Promise<(StoredHeader & { from: VersionRef; to: VersionRef })[]> {
  const rows = await rowsOf<StoredHeader & Record<string, unknown>>(
    db,
    sql`select ${HEADER_COLUMNS},
          t.version_number as "toNumber", t.version_tag as "toTag", t.checked_at as "toCheckedAt",
          f.version_number as "fromNumber", f.version_tag as "fromTag", f.checked_at as "fromCheckedAt"
        from version_comparisons vc
        join file_versions t on t.id = vc.file_version_id
        join file_versions f on f.id = vc.from_version_id
        where t.bim_file_id = ${fileId}
        order by t.version_number desc`,
  );
  return rows.map((r) => ({
    ...r,
    computedAt: new Date(r.computedAt),
    to: {
      id: r.fileVersionId,
      versionNumber: r.toNumber as number,
      versionTag: r.toTag as string,
      checkedAt: r.toCheckedAt ? new Date(r.toCheckedAt as string) : null,
    },
    from: {
      id: r.fromVersionId,
      versionNumber: r.fromNumber as number,
      versionTag: r.fromTag as string,
      checkedAt: r.fromCheckedAt ? new Date(r.fromCheckedAt as string) : null,
    },
  }));
}

export async function findStoredHeader(db: Database, toVersionId: string): Promise<StoredHeader | null> {
  const [row] = await rowsOf<StoredHeader>(
    db,
    sql`select ${HEADER_COLUMNS} from version_comparisons vc where vc.file_version_id = ${toVersionId}`,
  );
  return row ? { ...row, computedAt: new Date(row.computedAt) } : null;
}

/** A version row read raw: its check time comes as text, a `VersionRef` holds a Date. */
function versionRefOf(row: VersionRef | undefined): VersionRef | null {
  if (!row) return null;
  return { ...row, checkedAt: row.checkedAt === null ? null : new Date(row.checkedAt) };
}

/** The newest completed version of the file before `versionNumber`. */
export async function previousCompletedVersion(
  db: Database,
  fileId: string,
  versionNumber: number,
): Promise<VersionRef | null> {
  const [row] = await rowsOf<VersionRef>(
    db,
    sql`select id, version_number as "versionNumber", version_tag as "versionTag", checked_at as "checkedAt"
        from file_versions where bim_file_id = ${fileId} and status = 'completed' and version_number < ${versionNumber}
        order by version_number desc limit 1`,
  );
  return versionRefOf(row);
}

/** A specification a version was checked against, with what its comparison shows. */
export interface CheckedSpecification {
  id: string;
  key: string | null;
  name: string;
  identifier: string | null;
  requirementKeys: string[];
  requirementFacets: IdsFacet[];
  prohibited: boolean;
  failedCount: number;
}

export async function checkedSpecifications(
  db: Database,
  versionId: string,
): Promise<CheckedSpecification[]> {
  return rowsOf<CheckedSpecification>(
    db,
    sql`select s.id, s.key, s.name, s.identifier, s.requirement_keys as "requirementKeys",
          s.requirement_facets as "requirementFacets", s.cardinality = 'prohibited' as prohibited,
          r.failed_count as "failedCount"
        from specification_results r join ids_specifications s on s.id = r.specification_id
        where r.file_version_id = ${versionId}
        order by s.ids_file_id, s.position`,
  );
}

/** Per specification and requirement facet, how many elements of the version fail it. */
export async function facetFailureCounts(db: Database, versionId: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ specificationId: string; facetIndex: number; failed: number }>(
    db,
    sql`select specification_id as "specificationId", facet_index as "facetIndex", failed_count as failed
        from specification_facet_failures where file_version_id = ${versionId}`,
  );
  return new Map(rows.map((r) => [`${r.specificationId}:${r.facetIndex}`, r.failed]));
}

/** How many stored changes each requirement key has, by kind (1 new, 2 resolved, 3 removed). */
export async function changeCounts(db: Database, toVersionId: string): Promise<Map<string, number[]>> {
  const rows = await rowsOf<{ requirementKey: string; kind: number; n: number }>(
    db,
    sql`select requirement_key as "requirementKey", kind, count(*)::int as n
        from finding_changes where file_version_id = ${toVersionId} group by requirement_key, kind`,
  );
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const counts = out.get(r.requirementKey) ?? [0, 0, 0, 0];
    counts[r.kind] = r.n;
    out.set(r.requirementKey, counts);
  }
  return out;
}

export interface ChangeRow {
  kind: number;
  requirementKey: string;
  elementKey: string;
  versionId: string;
  stepId: number;
  globalId: string | null;
  name: string | null;
  ifcClass: string;
  level: string | null;
  facetIndex: number | null;
  facetType: string | null;
  outcome: string | null;
  actualValue: string | null;
}

/** A page of a specification's stored changes (of one kind, or all), with their elements' names. */
export async function pageOfChanges(
  db: Database,
  input: {
    toVersionId: string;
    fromVersionId: string;
    specificationKey: string;
    kind: number | null;
    offset: number;
    limit: number;
  },
): Promise<{ rows: ChangeRow[]; total: number }> {
  const kind = input.kind === null ? sql`` : sql`and c.kind = ${input.kind}`;
  const where = sql`c.file_version_id = ${input.toVersionId} and c.specification_key = ${input.specificationKey} ${kind}`;
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from finding_changes c where ${where}`,
  );
  const changes = await rowsOf<Omit<ChangeRow, 'versionId' | 'globalId' | 'name' | 'ifcClass' | 'level'>>(
    db,
    sql`select c.kind, c.requirement_key as "requirementKey", c.element_key as "elementKey",
          c.element_step_id as "stepId", c.facet_index as "facetIndex", c.facet_type as "facetType",
          c.outcome, c.actual_value as "actualValue"
        from finding_changes c where ${where}
        order by c.kind, c.element_step_id, c.requirement_key
        offset ${input.offset} limit ${input.limit}`,
  );
  // Names from each version's own rows (a query naming one version reads its partition alone).
  const removed = changes.filter((c) => c.kind === 3).map((c) => c.stepId);
  const present = changes.filter((c) => c.kind !== 3).map((c) => c.stepId);
  const [before, now] = await Promise.all([
    namesOf(db, input.fromVersionId, removed),
    namesOf(db, input.toVersionId, present),
  ]);
  const rows = changes.map((c) => {
    const versionId = c.kind === 3 ? input.fromVersionId : input.toVersionId;
    const named = (c.kind === 3 ? before : now).get(c.stepId);
    return {
      ...c,
      versionId,
      globalId: named?.globalId ?? null,
      name: named?.name ?? null,
      ifcClass: named?.ifcClass ?? '',
      level: named?.level ?? null,
    };
  });
  return { rows, total: count?.n ?? 0 };
}

interface Named {
  stepId: number;
  globalId: string | null;
  name: string | null;
  ifcClass: string;
  level: string | null;
}

async function namesOf(db: Database, versionId: string, stepIds: number[]): Promise<Map<number, Named>> {
  if (stepIds.length === 0) return new Map();
  const rows = await rowsOf<Named>(
    db,
    sql`select step_id as "stepId", global_id as "globalId", name, ifc_class as "ifcClass", level
        from named_objects where file_version_id = ${versionId} and step_id = any(${sql.param(stepIds)}::int[])`,
  );
  return new Map(rows.map((r) => [r.stepId, r]));
}

/**
 * Per version, a digest of the failing results approved waivers cover on it (waived_results, written
 * by the waivers module's one apply rule); versions with none are absent. A comparison is the stored
 * history only when neither version has one; the digest keys the cache of computed ones, so a waiver
 * approved, expired or flagged since is never served stale (decision 0370).
 */
export async function waiverDigests(
  db: Database,
  versionIds: readonly string[],
): Promise<Map<string, string>> {
  if (versionIds.length === 0) return new Map();
  const rows = await rowsOf<{ versionId: string; digest: string }>(
    db,
    sql`select file_version_id as "versionId",
          md5(string_agg(specification_id::text || ':' || element_step_id, ',' order by specification_id, element_step_id)) as digest
        from waived_results where file_version_id = any(${sql.param([...versionIds])}::uuid[])
        group by file_version_id`,
  );
  return new Map(rows.map((r) => [String(r.versionId), r.digest]));
}

/** The names of the project's active IDS files, by name (the BCF names them). */
export async function activeIdsFileNames(db: Database, projectId: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select name from ids_files where project_id = ${projectId} and is_active order by name`,
  );
  return rows.map((r) => r.name);
}

/** One version as a comparison names it. */
export async function versionRef(db: Database, versionId: string): Promise<VersionRef | null> {
  const [row] = await rowsOf<VersionRef>(
    db,
    sql`select id, version_number as "versionNumber", version_tag as "versionTag", checked_at as "checkedAt"
        from file_versions where id = ${versionId}`,
  );
  return versionRefOf(row);
}
