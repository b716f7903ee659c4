import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { projectWebhooks, webhookAttempts, webhookDeliveries } from '../../schema';

export type WebhookRow = typeof projectWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertWebhook(
  db: Database,
  row: typeof projectWebhooks.$inferInsert,
): Promise<WebhookRow> {
  const [inserted] = await db.insert(projectWebhooks).values(row).returning();
  if (!inserted) throw new Error('webhook not inserted');
  return inserted;
}

export function listWebhooks(db: Database, projectId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(projectWebhooks)
    .where(eq(projectWebhooks.projectId, projectId))
    .orderBy(asc(projectWebhooks.createdAt));
}

/** The newest delivery of each hook (the list's "last delivery"). */
export async function lastDeliveries(db: Database, webhookIds: string[]) {
  if (webhookIds.length === 0) return new Map<string, DeliveryRow>();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.webhookId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, webhookIds))
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt));
  return new Map(rows.map((row) => [row.webhookId, row]));
}

export async function findWebhook(db: Database, projectId: string, webhookId: string) {
  const [row] = await db
    .select()
    .from(projectWebhooks)
    .where(and(eq(projectWebhooks.projectId, projectId), eq(projectWebhooks.id, webhookId)));
  return row ?? null;
}

export async function deleteWebhook(db: Database, webhookId: string): Promise<void> {
  await db.delete(projectWebhooks).where(eq(projectWebhooks.id, webhookId));
}

/** A hook's deliveries, newest first, each with its attempts in order. */
export async function listDeliveries(db: Database, webhookId: string, limit: number) {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  return withAttempts(db, deliveries);
}

export async function findDelivery(db: Database, webhookId: string, deliveryId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, deliveryId)));
  return row ? ((await withAttempts(db, [row]))[0] ?? null) : null;
}

async function withAttempts(db: Database, deliveries: DeliveryRow[]) {
  const ids = deliveries.map((d) => d.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.attempt));
  return deliveries.map((delivery) => ({
    delivery,
    attempts: attempts.filter((a) => a.deliveryId === delivery.id),
  }));
}

/** Writes a pending delivery; null when this hook already has one for the event (a retried job). */
export async function insertDelivery(
  db: Database,
  row: { webhookId: string; event: string; eventId: string | null; body: string; createdAt: Date },
): Promise<string | null> {
  const [inserted] = await db
    .insert(webhookDeliveries)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return inserted?.id ?? null;
}

/** A delivery with what sending it needs from its hook; null when either is gone. */
export async function deliveryToSend(db: Database, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, hook: projectWebhooks })
    .from(webhookDeliveries)
    .innerJoin(projectWebhooks, eq(projectWebhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

/** The number the next attempt of a delivery gets (1 for the first). */
export async function nextAttemptNumber(db: Database, deliveryId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${webhookAttempts.attempt})` })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId));
  return Number(row?.last ?? 0) + 1;
}

export async function recordAttempt(
  db: Database,
  attempt: Omit<typeof webhookAttempts.$inferInsert, 'id'>,
  status: DeliveryRow['status'],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values(attempt).onConflictDoNothing();
    await tx
      .update(webhookDeliveries)
      .set({ status, ...(status === 'delivered' ? { deliveredAt: attempt.at } : {}) })
      .where(eq(webhookDeliveries.id, attempt.deliveryId));
  });
}

export async function markPending(db: Database, deliveryId: string): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'pending' }).where(eq(webhookDeliveries.id, deliveryId));
}
