import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { bimFiles } from '../../schema';

export interface BimFileSummaryRow {
  id: string;
  name: string;
  sourceFilename: string;
  createdAt: Date;
  updatedAt: Date;
  versionCount: number;
  totalSizeBytes: number;
  latest: {
    versionTag: string;
    status: 'pending' | 'processing' | 'completed' | 'failed';
    sizeBytes: number;
    elementsCount: number | null;
  } | null;
}

/**
 * Files of a project, each with its version count, stored size and latest version. The subqueries
 * qualify the outer table explicitly: unqualified, `id` would bind to file_versions.
 */
export async function listProjectBimFiles(db: Database, projectId: string): Promise<BimFileSummaryRow[]> {
  const rows = await db
    .select({
      id: bimFiles.id,
      name: bimFiles.name,
      sourceFilename: bimFiles.sourceFilename,
      createdAt: bimFiles.createdAt,
      updatedAt: bimFiles.updatedAt,
      versionCount: sql<number>`(select count(*)::int from file_versions fv where fv.bim_file_id = "bim_files"."id")`,
      totalSizeBytes: sql<number>`(select coalesce(sum(fv.size_bytes), 0)::bigint from file_versions fv
        where fv.bim_file_id = "bim_files"."id")`.mapWith(Number),
      latest: sql<BimFileSummaryRow['latest']>`(select json_build_object('versionTag', fv.version_tag,
        'status', fv.status, 'sizeBytes', fv.size_bytes, 'elementsCount', fv.elements_count)
        from file_versions fv where fv.bim_file_id = "bim_files"."id" order by fv.version_number desc limit 1)`,
    })
    .from(bimFiles)
    .where(eq(bimFiles.projectId, projectId))
    .orderBy(asc(bimFiles.name), asc(bimFiles.createdAt));
  return rows.map((row) => ({
    ...row,
    versionCount: Number(row.versionCount),
    latest: parseLatest(row.latest),
  }));
}

// node-postgres parses json columns; PGlite may hand back text for a json expression.
function parseLatest(value: unknown): BimFileSummaryRow['latest'] {
  if (value == null) return null;
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as NonNullable<
    BimFileSummaryRow['latest']
  >;
  return { ...parsed, sizeBytes: Number(parsed.sizeBytes) };
}
