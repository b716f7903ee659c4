import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';

export interface VersionRow {
  id: string;
  bimFileId: string;
  fileName: string;
  versionNumber: number;
  versionTag: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  sizeBytes: number;
  elementsCount: number | null;
  createdAt: Date;
}

/** Every version of the project's included files, oldest first (a handful per file). */
export async function listIncludedVersions(db: Database, projectId: string): Promise<VersionRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select fv.id, fv.bim_file_id, bf.name as file_name, fv.version_number, fv.version_tag, fv.status,
          fv.size_bytes, fv.elements_count, fv.created_at
        from file_versions fv join bim_files bf on bf.id = fv.bim_file_id
        where bf.project_id = ${projectId} and bf.included
        order by fv.created_at, fv.version_number`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    bimFileId: String(r.bim_file_id),
    fileName: String(r.file_name),
    versionNumber: Number(r.version_number),
    versionTag: String(r.version_tag),
    status: r.status as VersionRow['status'],
    sizeBytes: Number(r.size_bytes),
    elementsCount: r.elements_count === null ? null : Number(r.elements_count),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
  }));
}

export interface VersionCounts {
  /** Applicable element × specification pairs, and those that passed. */
  applicablePairs: number;
  passedPairs: number;
  /** Applicable element × required property facet pairs (decision 0096). */
  checked: number;
  /** Of those: the property is absent, present without a value, or failing in any way. */
  missing: number;
  empty: number;
  failed: number;
}

const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/**
 * Per-version counts from the stored results only: specification_results for the pairs, and the
 * facet failures of failed element_results for the property categories. element_properties is
 * never read. A required property facet yields at most one failure per element.
 */
export async function countVersionResults(
  db: Database,
  versionIds: readonly string[],
): Promise<Map<string, VersionCounts>> {
  const out = new Map<string, VersionCounts>();
  if (versionIds.length === 0) return out;
  const pairs = await rowsOf<Record<string, unknown>>(
    db,
    sql`select sr.file_version_id as id, sum(sr.applicable_count)::bigint as applicable,
          sum(sr.passed_count)::bigint as passed,
          sum(sr.applicable_count * (select count(*) from jsonb_array_elements(s.requirement_facets) f
            where f->>'facet_type' = 'property' and f->>'cardinality' = 'required'))::bigint as checked
        from specification_results sr join ids_specifications s on s.id = sr.specification_id
        where sr.file_version_id = any(${uuidArray(versionIds)})
        group by sr.file_version_id`,
  );
  for (const r of pairs) {
    out.set(String(r.id), {
      applicablePairs: Number(r.applicable),
      passedPairs: Number(r.passed),
      checked: Number(r.checked),
      missing: 0,
      empty: 0,
      failed: 0,
    });
  }
  const failures = await rowsOf<Record<string, unknown>>(
    db,
    sql`select er.file_version_id as id,
          count(*) filter (where f->>'reason' like '% is missing' or f->>'reason' like '% has no property %')::bigint as missing,
          count(*) filter (where f->>'reason' like '% has no value')::bigint as empty,
          count(*)::bigint as failed
        from element_results er
        join ids_specifications s on s.id = er.specification_id
        cross join lateral jsonb_array_elements(er.failures) f
        where er.file_version_id = any(${uuidArray(versionIds)}) and not er.passed
          and f->>'type' = 'property'
          and s.requirement_facets -> ((f->>'facetIndex')::int) ->> 'cardinality' = 'required'
        group by er.file_version_id`,
  );
  for (const r of failures) {
    const counts = out.get(String(r.id));
    if (!counts) continue;
    counts.missing = Number(r.missing);
    counts.empty = Number(r.empty);
    counts.failed = Number(r.failed);
  }
  return out;
}

export async function countTeamMembers(db: Database, projectId: string): Promise<number> {
  const [row] = await rowsOf<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from project_members where project_id = ${projectId}`,
  );
  return Number(row?.n ?? 0);
}
