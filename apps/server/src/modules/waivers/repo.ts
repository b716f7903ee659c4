// The only code of the waivers module that reads or writes its tables (apply.ts writes waived_results).
import type { WaiverListQuery } from '@plumbline/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import { waivers } from '../../schema';

export type WaiverRow = typeof waivers.$inferSelect;

export interface ListedWaiver {
  waiver: WaiverRow;
  fileName: string;
  requester: { id: string; email: string | null; fullName: string | null };
  decider: { id: string; email: string | null; fullName: string | null } | null;
  waivedFindings: number;
}

export async function insertWaiver(tx: Database, values: typeof waivers.$inferInsert): Promise<WaiverRow> {
  const [row] = await tx.insert(waivers).values(values).returning();
  if (!row) throw new Error('waiver not inserted');
  return row;
}

/** The waiver of the project, locked for the caller's transaction. */
export async function lockWaiver(tx: Database, projectId: string, id: string): Promise<WaiverRow | null> {
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select id from waivers where id = ${id} and project_id = ${projectId} for update`,
  );
  if (rows.length === 0) return null;
  const [row] = await tx.select().from(waivers).where(sql`${waivers.id} = ${id}`);
  return row ?? null;
}

/** The waivers with these ids, in id order. */
export async function waiversByIds(db: Database, ids: readonly string[]): Promise<WaiverRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(waivers)
    .where(sql`${waivers.id} = any(${sql.param([...ids])}::uuid[])`)
    .orderBy(waivers.id);
}

export async function updateWaiver(
  tx: Database,
  id: string,
  values: Partial<typeof waivers.$inferInsert>,
): Promise<WaiverRow> {
  const [row] = await tx.update(waivers).set(values).where(sql`${waivers.id} = ${id}`).returning();
  if (!row) throw new Error('waiver not updated');
  return row;
}

function filters(
  projectId: string,
  query: WaiverListQuery & { ids?: string[] },
  now: Date,
  soonDays: number,
): SQL {
  const parts: SQL[] = [sql`w.project_id = ${projectId}`];
  if (query.state) parts.push(sql`w.state = ${query.state}`);
  if (query.specification_key) parts.push(sql`w.specification_key = ${query.specification_key}`);
  if (query.requester_id) parts.push(sql`w.requested_by = ${query.requester_id}`);
  if (query.file_id) parts.push(sql`w.bim_file_id = ${query.file_id}`);
  if (query.ids) parts.push(sql`w.id = any(${sql.param(query.ids)}::uuid[])`);
  if (query.expiring === 'true') {
    const until = new Date(now.getTime() + soonDays * 86_400_000);
    parts.push(
      sql`w.state in ('approved', 'needs_review') and w.expires_at <= ${until.toISOString()}::timestamptz`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** How many of the project's waivers match the filters (the export's bound is checked on it). */
export async function countWaivers(
  db: Database,
  projectId: string,
  query: WaiverListQuery,
  now: Date,
  soonDays: number,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from waivers w where ${filters(projectId, query, now, soonDays)}`,
  );
  return Number(row?.n ?? 0);
}

/** The view's list shows at most this many; the export pages through every match (countWaivers). */
export const LIST_PAGE = 2000;

/**
 * The project's waivers matching the filters, soonest expiry first among the live ones, with names;
 * `page` picks a slice of that order (the id breaks ties, so pages neither overlap nor skip).
 */
export async function listWaivers(
  db: Database,
  projectId: string,
  query: WaiverListQuery & { ids?: string[] },
  now: Date,
  soonDays: number,
  page: { limit: number; offset: number } = { limit: LIST_PAGE, offset: 0 },
): Promise<ListedWaiver[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select w.id, bf.name as file_name, ru.email as r_email, ru.full_name as r_name,
          du.email as d_email, du.full_name as d_name,
          (select count(*)::int from waived_results wr
            where wr.waiver_id = w.id and wr.file_version_id = (
              select fv.id from file_versions fv where fv.bim_file_id = w.bim_file_id and fv.status = 'completed'
              order by fv.version_number desc limit 1)) as waived
        from waivers w join bim_files bf on bf.id = w.bim_file_id
          join users ru on ru.id = w.requested_by left join users du on du.id = w.decided_by
        where ${filters(projectId, query, now, soonDays)}
        order by case w.state when 'requested' then 0 when 'needs_review' then 1 when 'approved' then 2 else 3 end,
          w.expires_at, w.requested_at, w.id
        limit ${page.limit} offset ${page.offset}`,
  );
  if (rows.length === 0) return [];
  const full = await db
    .select()
    .from(waivers)
    .where(sql`${waivers.id} = any(${sql.param(rows.map((r) => String(r.id)))}::uuid[])`);
  const byId = new Map(full.map((w) => [w.id, w]));
  return rows.flatMap((r) => {
    const waiver = byId.get(String(r.id));
    if (!waiver) return [];
    return [
      {
        waiver,
        fileName: String(r.file_name),
        requester: {
          id: waiver.requestedBy,
          email: (r.r_email as string | null) ?? null,
          fullName: (r.r_name as string | null) ?? null,
        },
        decider: waiver.decidedBy
          ? {
              id: waiver.decidedBy,
              email: (r.d_email as string | null) ?? null,
              fullName: (r.d_name as string | null) ?? null,
            }
          : null,
        waivedFindings: Number(r.waived ?? 0),
      },
    ];
  });
}

/** The element of a version the requester pointed at, with what the scopes name. */
export async function elementOf(db: Database, versionId: string, stepId: number) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select step_id, coalesce(element_key, global_id) as element_key, global_id, name, ifc_class, type_name, level
        from elements where file_version_id = ${versionId} and step_id = ${stepId}`,
  );
  if (!row) return null;
  return {
    key: (row.element_key as string | null) ?? null,
    globalId: (row.global_id as string | null) ?? null,
    name: (row.name as string | null) ?? null,
    ifcClass: String(row.ifc_class),
    typeName: (row.type_name as string | null) ?? null,
    level: (row.level as string | null) ?? null,
  };
}

/** The specification checked on the version, with its stable keys. */
export async function specificationOf(db: Database, projectId: string, specificationId: string) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select s.id, s.name, s.key, s.requirement_keys from ids_specifications s
        join ids_files f on f.id = s.ids_file_id
        where s.id = ${specificationId} and f.project_id = ${projectId}`,
  );
  if (!row?.key) return null;
  return {
    id: String(row.id),
    name: String(row.name),
    key: String(row.key),
    requirementKeys: (row.requirement_keys as string[] | null) ?? [],
  };
}

/** Live waivers (approved, needing review or requested) whose expiry has passed at `now`. */
export async function dueForExpiry(db: Database, now: Date): Promise<WaiverRow[]> {
  return db
    .select()
    .from(waivers)
    .where(
      sql`${waivers.state} in ('approved', 'needs_review', 'requested') and ${waivers.expiresAt} <= ${now.toISOString()}::timestamptz`,
    );
}

export async function selfApproval(db: Database, projectId: string): Promise<boolean> {
  const [row] = await rowsOf<{ enabled: boolean }>(
    db,
    sql`select waiver_self_approval as enabled from projects where id = ${projectId}`,
  );
  return Boolean(row?.enabled);
}

export async function setSelfApproval(tx: Database, projectId: string, on: boolean): Promise<void> {
  await tx.execute(sql`update projects set waiver_self_approval = ${on} where id = ${projectId}`);
}
