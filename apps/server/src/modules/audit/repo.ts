import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { auditLog } from '../../schema';

export interface AuditEntryInsert {
  actorId: string | null;
  projectId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  at: Date;
}

/** Writes one entry; the job id makes a retried job a no-op. */
export async function insertAuditEntry(db: Database, entry: AuditEntryInsert, jobId: string): Promise<void> {
  await db
    .insert(auditLog)
    .values({ ...entry, jobId })
    .onConflictDoNothing({ target: auditLog.jobId });
}

export async function listProjectAuditEntries(db: Database, projectId: string, limit = 100) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.projectId, projectId))
    .orderBy(desc(auditLog.at))
    .limit(limit);
}
