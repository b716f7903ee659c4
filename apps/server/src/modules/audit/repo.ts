import { and, asc, desc, eq, gt, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { auditChainHead, auditLog, projects, users } from '../../schema';
import { entryHash } from './chain';

export interface AuditEntryInsert {
  actorId: string | null;
  projectId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Appends one entry to the chain. The head row is locked first, so appends from any number of
 * workers and processes queue behind each other and the chain never forks; under the lock a job
 * that already wrote its row (a retry after a lost acknowledgement) writes nothing. Rows written
 * before the chain existed are chained first, oldest first. Call inside a transaction.
 */
export async function appendAuditEntry(tx: Database, entry: AuditEntryInsert, jobId: string): Promise<void> {
  const [head] = await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
  if (!head) throw new Error('audit_chain_head has no row: the migrations did not run');
  const [written] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.jobId, jobId))
    .limit(1);
  if (written) return;
  let { seq, hash } = head;
  const pending = await tx
    .select()
    .from(auditLog)
    .where(isNull(auditLog.hash))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  for (const row of pending) {
    seq += 1;
    const link = { seq, prevHash: hash, hash: entryHash({ ...row, seq, prevHash: hash }) };
    await tx.update(auditLog).set(link).where(eq(auditLog.id, row.id));
    hash = link.hash;
  }
  const id = crypto.randomUUID();
  seq += 1;
  const link = { seq, prevHash: hash, hash: entryHash({ ...entry, id, seq, prevHash: hash }) };
  await tx.insert(auditLog).values({ ...entry, id, jobId, ...link });
  await tx.update(auditChainHead).set({ seq, hash: link.hash }).where(eq(auditChainHead.id, 1));
}

export async function readChainHead(db: Database): Promise<{ seq: number; hash: string } | null> {
  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  return head ? { seq: head.seq, hash: head.hash } : null;
}

/** Chained rows after `afterSeq`, in chain order: the verifier's pages. */
export async function chainPage(db: Database, afterSeq: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.seq, afterSeq)).orderBy(asc(auditLog.seq)).limit(limit);
}

export async function countUnchained(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(isNull(auditLog.seq));
  return row?.n ?? 0;
}

export interface AuditFilter {
  /** Null: every project's entries and the installation's own (installation admins). */
  projectId: string | null;
  action?: string;
  /** Part of the actor's e-mail address. */
  actor?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
  /** Keyset: entries older than this one. */
  before?: { at: Date; id: string };
}

const listColumns = {
  entry: auditLog,
  actorEmail: users.email,
  actorName: users.fullName,
  projectName: projects.name,
};

export type AuditListRow = {
  entry: AuditRow;
  actorEmail: string | null;
  actorName: string | null;
  projectName: string | null;
};

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    filter.projectId ? eq(auditLog.projectId, filter.projectId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actor
      ? sql`${users.email} like ${`%${filter.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.until ? lt(auditLog.at, filter.until) : undefined,
    filter.before
      ? or(
          lt(auditLog.at, filter.before.at),
          and(eq(auditLog.at, filter.before.at), lt(auditLog.id, filter.before.id)),
        )
      : undefined,
  ];
  return and(...parts.filter((part): part is SQL => part !== undefined));
}

/** Entries newest first, with who acted and in which project, filtered. */
export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  limit: number,
): Promise<AuditListRow[]> {
  return db
    .select(listColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(projects, eq(projects.id, auditLog.projectId))
    .where(conditions(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** Entries of one project, newest first (kept for the projects module's tests). */
export async function listProjectAuditEntries(db: Database, projectId: string, limit = 100) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.projectId, projectId))
    .orderBy(desc(auditLog.at))
    .limit(limit);
}
