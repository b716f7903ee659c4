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

export async function countTeamMembers(db: Database, projectId: string): Promise<number> {
  const [row] = await rowsOf<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from project_members where project_id = ${projectId}`,
  );
  return Number(row?.n ?? 0);
}
