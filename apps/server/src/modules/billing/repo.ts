import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import {
  billingCheckouts,
  billingInvoices,
  billingPayments,
  billingSubscriptions,
  billingTiers,
  billingVouchers,
  billingWebhookEvents,
  projectMembers,
  projects,
} from '../../schema';

export type TierRow = typeof billingTiers.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type VoucherRow = typeof billingVouchers.$inferSelect;

export async function listTiers(db: Database): Promise<TierRow[]> {
  return db.select().from(billingTiers).orderBy(asc(billingTiers.priceAudCents));
}

export async function getTier(db: Database, id: string): Promise<TierRow | null> {
  const [row] = await db.select().from(billingTiers).where(eq(billingTiers.id, id));
  return row ?? null;
}

export async function updateTier(
  db: Database,
  id: string,
  patch: Partial<Omit<TierRow, 'id'>>,
): Promise<TierRow | null> {
  if (Object.keys(patch).length === 0) return getTier(db, id);
  const [row] = await db.update(billingTiers).set(patch).where(eq(billingTiers.id, id)).returning();
  return row ?? null;
}

export async function getVoucher(db: Database, code: string): Promise<VoucherRow | null> {
  const [row] = await db.select().from(billingVouchers).where(eq(billingVouchers.code, code));
  return row ?? null;
}

/** Counts one redemption unless the cap is reached; false when it is (checked and counted in one statement). */
export async function redeemVoucher(db: Database, code: string): Promise<boolean> {
  const rows = await db
    .update(billingVouchers)
    .set({ redemptions: sql`${billingVouchers.redemptions} + 1` })
    .where(
      and(
        eq(billingVouchers.code, code),
        or(
          isNull(billingVouchers.maxRedemptions),
          sql`${billingVouchers.redemptions} < ${billingVouchers.maxRedemptions}`,
        ),
      ),
    )
    .returning({ code: billingVouchers.code });
  return rows.length === 1;
}

export async function findPayment(
  db: Database,
  userId: string,
  idempotencyKey: string,
): Promise<{ subscriptionId: string; invoiceId: string } | null> {
  const [row] = await db
    .select({ subscriptionId: billingPayments.subscriptionId, invoiceId: billingPayments.invoiceId })
    .from(billingPayments)
    .where(and(eq(billingPayments.userId, userId), eq(billingPayments.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function insertPayment(
  db: Database,
  values: typeof billingPayments.$inferInsert,
): Promise<void> {
  await db.insert(billingPayments).values(values);
}

export async function insertSubscription(
  db: Database,
  values: typeof billingSubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(billingSubscriptions).values(values).returning();
  return row as SubscriptionRow;
}

export async function getSubscription(db: Database, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id));
  return row ?? null;
}

/** The subscription row locked for an update (plan change, renewal). */
export async function lockSubscription(db: Database, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, id))
    .for('update');
  return row ?? null;
}

export async function getProjectSubscription(
  db: Database,
  projectId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.projectId, projectId));
  return row ?? null;
}

export async function updateSubscription(
  db: Database,
  id: string,
  patch: Partial<Omit<SubscriptionRow, 'id'>>,
): Promise<void> {
  await db.update(billingSubscriptions).set(patch).where(eq(billingSubscriptions.id, id));
}

export interface SubscriptionListRow {
  subscription: SubscriptionRow;
  role: 'Admin' | 'Editor' | 'Viewer';
  projectName: string;
  filesCount: number;
  teamMembersCount: number;
}

/** Subscriptions of the active projects the user is a member of, newest first. */
export async function listSubscriptionsOfUser(db: Database, userId: string): Promise<SubscriptionListRow[]> {
  const rows = await db
    .select({
      subscription: billingSubscriptions,
      role: projectMembers.role,
      projectName: projects.name,
      filesCount: sql<number>`(select count(*)::int from bim_files bf where bf.project_id = ${projects.id} and bf.included)`,
      teamMembersCount: sql<number>`(select count(*)::int from project_members pm where pm.project_id = ${projects.id})`,
    })
    .from(billingSubscriptions)
    .innerJoin(projects, eq(projects.id, billingSubscriptions.projectId))
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(eq(projects.isActive, true))
    .orderBy(desc(billingSubscriptions.createdAt));
  return rows.map((row) => ({
    ...row,
    filesCount: Number(row.filesCount),
    teamMembersCount: Number(row.teamMembersCount),
  }));
}

export async function insertInvoice(
  db: Database,
  values: Omit<typeof billingInvoices.$inferInsert, 'invoiceNumber'>,
): Promise<InvoiceRow | null> {
  const rows = await db
    .insert(billingInvoices)
    .values({
      ...values,
      invoiceNumber: sql`'INV-' || lpad(nextval('billing_invoice_number_seq')::text, 6, '0')`,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

export async function updateInvoice(
  db: Database,
  id: string,
  patch: Partial<Omit<InvoiceRow, 'id'>>,
): Promise<void> {
  await db.update(billingInvoices).set(patch).where(eq(billingInvoices.id, id));
}

/** Invoices of the projects the user administers, newest first. */
export async function listInvoicesOfAdmin(db: Database, userId: string): Promise<InvoiceRow[]> {
  return db
    .select({ invoice: billingInvoices })
    .from(billingInvoices)
    .innerJoin(
      projectMembers,
      and(
        eq(projectMembers.projectId, billingInvoices.projectId),
        eq(projectMembers.userId, userId),
        eq(projectMembers.role, 'Admin'),
      ),
    )
    .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.invoiceNumber))
    .then((rows) => rows.map((row) => row.invoice));
}

export async function getInvoice(db: Database, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row ?? null;
}

export async function listSubscriptionInvoices(db: Database, subscriptionId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.subscriptionId, subscriptionId))
    .orderBy(asc(billingInvoices.issuedAt));
}

/** Subscriptions whose period has ended by `now` and that are still running. */
export async function listSubscriptionsDue(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(
      and(
        inArray(billingSubscriptions.status, ['active', 'past_due']),
        lte(billingSubscriptions.currentPeriodEnd, now),
        // Stripe runs its own subscriptions' cycles; its webhooks bring them here.
        eq(billingSubscriptions.provider, 'ledger'),
      ),
    );
  return rows.map((row) => row.id);
}

/** Due invoices past their due date become overdue; their subscriptions follow. Returns how many. */
export async function markOverdue(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(billingInvoices)
    .set({ status: 'overdue' })
    .where(and(eq(billingInvoices.status, 'due'), lte(billingInvoices.dueAt, now)))
    .returning({ subscriptionId: billingInvoices.subscriptionId });
  const ids = [...new Set(rows.map((row) => row.subscriptionId))];
  if (ids.length > 0) {
    await db
      .update(billingSubscriptions)
      .set({ paymentStatus: 'overdue', status: 'past_due', updatedAt: now })
      .where(inArray(billingSubscriptions.id, ids));
  }
  return rows.length;
}

export interface ProjectUsage {
  isDemo: boolean;
  files: number;
  storageBytes: number;
  /** Seats taken: members and pending invitations that have not expired. */
  users: number;
  /** Of `users`, the pending invitations. */
  invited: number;
}

/**
 * What a project holds now: every stored file and version counts (excluded files still occupy
 * storage); a pending invitation created at or after `invitationsSince` holds a seat like a member.
 */
export async function projectUsage(
  db: Database,
  projectId: string,
  invitationsSince: Date,
): Promise<ProjectUsage | null> {
  const rows = await rowsOf<{
    is_demo: boolean;
    files: number;
    storage: string;
    users: number;
    invited: number;
  }>(
    db,
    sql`
    select p.is_demo,
      (select count(*)::int from bim_files bf where bf.project_id = p.id) as files,
      (select coalesce(sum(fv.size_bytes), 0)::bigint from file_versions fv
        join bim_files bf on bf.id = fv.bim_file_id where bf.project_id = p.id) as storage,
      (select count(*)::int from project_members pm where pm.project_id = p.id) as users,
      (select count(*)::int from project_invitations pi where pi.project_id = p.id
        and pi.created_at > ${invitationsSince.toISOString()}::timestamptz) as invited
    from projects p where p.id = ${projectId}`,
  );
  const row = rows[0];
  if (!row) return null;
  const invited = Number(row.invited);
  return {
    isDemo: row.is_demo,
    files: Number(row.files),
    storageBytes: Number(row.storage),
    users: Number(row.users) + invited,
    invited,
  };
}

/** Whether a file of this name already exists in the project (a new version is not a new file). */
export async function fileNameExists(db: Database, projectId: string, name: string): Promise<boolean> {
  const rows = await rowsOf<{ found: number }>(
    db,
    sql`select 1 as found from bim_files where project_id = ${projectId} and name = ${name} limit 1`,
  );
  return rows.length > 0;
}

/** Locks the project row until the transaction ends, so limit checks and the writes they guard take turns. */
export async function lockProject(db: Database, projectId: string): Promise<void> {
  await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

// Provider (Stripe) rows: checkouts, provider ids, webhook events (decision 0151).

export type CheckoutRow = typeof billingCheckouts.$inferSelect;

export async function insertCheckout(db: Database, values: CheckoutRow): Promise<void> {
  await db.insert(billingCheckouts).values(values);
}

export async function getCheckout(db: Database, sessionId: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(billingCheckouts).where(eq(billingCheckouts.sessionId, sessionId));
  return row ?? null;
}

/** The checkout locked for its completion, so the webhook and the returning browser complete it once. */
export async function lockCheckout(db: Database, sessionId: string): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(eq(billingCheckouts.sessionId, sessionId))
    .for('update');
  return row ?? null;
}

export async function completeCheckout(db: Database, sessionId: string, projectId: string): Promise<void> {
  await db
    .update(billingCheckouts)
    .set({ status: 'completed', projectId })
    .where(eq(billingCheckouts.sessionId, sessionId));
}

export async function tierByPriceId(db: Database, priceId: string): Promise<TierRow | null> {
  const [row] = await db.select().from(billingTiers).where(eq(billingTiers.stripePriceId, priceId));
  return row ?? null;
}

export async function lockSubscriptionByProvider(
  db: Database,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.providerSubscriptionId, providerSubscriptionId))
    .for('update');
  return row ?? null;
}

export async function getInvoiceByProvider(
  db: Database,
  providerInvoiceId: string,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.providerInvoiceId, providerInvoiceId));
  return row ?? null;
}

export async function webhookEventSeen(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingWebhookEvents.eventId })
    .from(billingWebhookEvents)
    .where(eq(billingWebhookEvents.eventId, eventId));
  return row !== undefined;
}

/** Records an applied event; false when another delivery recorded it first. */
export async function recordWebhookEvent(
  db: Database,
  values: typeof billingWebhookEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.eventId });
  return rows.length > 0;
}
