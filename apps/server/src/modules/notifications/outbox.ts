import { desc } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { emailOutbox } from '../../schema';

/** The notification mails, newest first, for an installation admin (Settings > Outbox). */
export function createOutboxService(deps: { db: Database }) {
  return {
    async latest(limit = 200) {
      const rows = await deps.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
      return rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        kind: r.kind,
        subject: r.subject,
        text: r.bodyText,
        status: r.status as 'queued' | 'sent' | 'failed' | 'stored',
        error: r.error,
        created_at: r.createdAt.toISOString(),
        sent_at: r.sentAt?.toISOString() ?? null,
      }));
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
