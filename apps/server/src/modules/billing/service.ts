import type {
  BillingConfig,
  ContractsMessageId,
  Currency,
  InvoiceRow,
  ProjectLimits,
  Subscription,
  Tier,
  VoucherValidation,
} from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import type { AuditRecorder } from '../audit';
import {
  findActiveProject,
  insertMembership,
  insertProject,
  requireProjectReader,
  requireProjectRole,
} from '../projects';
import { runBillingCycle } from './cycle';
import { tierPriceCents, toInvoiceDto, toSubscriptionDto, toTierDto } from './dto';
import { BillingError } from './errors';
import { issueInvoice, savedCard, subscriptionDiscount } from './invoices';
import {
  DEFAULT_PLAN,
  DEMO_PLAN,
  describeLimits,
  formatGb,
  GB,
  type PlanLimits,
  UNKNOWN_FILE_BYTES,
  UNLIMITED_PLAN,
  type Usage,
  violationsOf,
} from './limits';
import { addOneMonth, type Discount, discountedCents, prorationCents } from './money';
import type { PaymentProvider } from './payments/provider';
import { renderBillingDocument } from './pdf';
import type { ProjectSetup } from './project-setup';
import * as repo from './repo';
import type { CheckoutInput, StripeBilling } from './stripe-billing';

const CURRENCIES: Currency[] = ['AUD', 'USD', 'GBP', 'EUR'];

export interface BillingDeps {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  provider: PaymentProvider;
  /** false with BILLING=off. */
  enabled: boolean;
  /** PAYMENTS=stripe: Stripe holds the subscriptions (decision 0151); null with the ledger. */
  stripe?: StripeBilling | null;
  /** Mails each invoice as it is issued. */
  jobs?: JobSender | null;
}

export interface PaymentInput {
  customerName: string;
  billingEmail: string;
  saveCard: boolean;
  tierId: string;
  currency: Currency;
  voucherCode?: string;
  card: { number: string; expMonth: number; expYear: number; cvc: string };
  projectName: string;
  projectDescription: string;
  idempotencyKey: string;
}

function tierFileLimits(tier: repo.TierRow) {
  return {
    max_files: tier.maxFiles,
    max_storage_bytes: tier.maxStorageGb * 1024 ** 3,
    source: 'default' as const,
  };
}

function voucherDiscount(voucher: repo.VoucherRow | null): Discount | null {
  if (!voucher) return null;
  return { type: voucher.discountType === 'amount' ? 'amount' : 'percentage', value: voucher.discountValue };
}

export function createBillingService(deps: BillingDeps) {
  const { db, clock, audit, provider, enabled } = deps;
  const stripe = deps.stripe ?? null;

  /** A Stripe-held subscription's change: our checks in a short transaction, then Stripe, outside it. */
  async function stripeChange(
    userId: string,
    subscriptionId: string,
    check: (tx: Database, sub: repo.SubscriptionRow) => Promise<unknown> = async () => {},
  ): Promise<repo.SubscriptionRow | null> {
    if (!stripe) return null;
    const row = await repo.getSubscription(db, subscriptionId);
    if (row?.provider !== 'stripe' || !row.providerSubscriptionId) return null;
    return db.transaction(async (tx) => {
      const sub = await requireManaged(tx, userId, subscriptionId);
      await check(tx, sub);
      return sub;
    });
  }

  function requireEnabled(): void {
    if (!enabled) throw new BillingError('billing_disabled');
  }

  async function requireTier(tierId: string): Promise<repo.TierRow> {
    const tier = await repo.getTier(db, tierId);
    if (!tier?.isActive) throw new BillingError('tier_not_found');
    if (!tier.stripePriceId) {
      throw new BillingError('tier_not_configured', {
        messageId: 'error.tier_not_configured.named',
        params: { plan: tier.name },
      });
    }
    return tier;
  }

  /** A voucher usable now, or null with the reason. */
  async function usableVoucher(
    code: string,
  ): Promise<{ voucher: repo.VoucherRow; reason: null } | { voucher: null; reason: ContractsMessageId }> {
    const voucher = await repo.getVoucher(db, code.toUpperCase());
    const now = clock.now();
    if (!voucher?.isActive) return { voucher: null, reason: 'error.voucher_invalid' };
    if (voucher.validFrom && now < voucher.validFrom)
      return { voucher: null, reason: 'error.voucher_invalid.notYet' };
    if (voucher.validUntil && now >= voucher.validUntil)
      return { voucher: null, reason: 'error.voucher_invalid.expired' };
    if (voucher.maxRedemptions !== null && voucher.redemptions >= voucher.maxRedemptions) {
      return { voucher: null, reason: 'error.voucher_invalid.redeemed' };
    }
    return { voucher, reason: null };
  }

  async function subscriptionDto(userId: string, subscriptionId: string): Promise<Subscription> {
    const row = (await repo.listSubscriptionsOfUser(db, userId)).find(
      (r) => r.subscription.id === subscriptionId,
    );
    if (!row) throw new BillingError('subscription_not_found');
    const tier = await repo.getTier(db, row.subscription.tierId);
    return toSubscriptionDto(row, tier as repo.TierRow);
  }

  /** The subscription for a change by a project Admin, locked inside the caller's transaction. */
  async function requireManaged(
    tx: Database,
    userId: string,
    subscriptionId: string,
  ): Promise<repo.SubscriptionRow> {
    const sub = await repo.lockSubscription(tx, subscriptionId);
    if (!sub) throw new BillingError('subscription_not_found');
    try {
      await requireProjectRole({ db: tx, userId }, sub.projectId, 'Admin');
    } catch (error) {
      if (error instanceof Error && 'status' in error && (error as { status: number }).status === 404) {
        throw new BillingError('subscription_not_found');
      }
      throw new BillingError('admin_role_required');
    }
    if (sub.status === 'canceled') throw new BillingError('subscription_canceled');
    return sub;
  }

  /**
   * A plan change's checks: the typed project name, and a new tier priced above ('up') or below
   * ('down') the current one. Returns the current tier.
   */
  async function requirePlanChange(
    tx: Database,
    sub: repo.SubscriptionRow,
    newTier: repo.TierRow,
    confirmProjectName: string,
    direction: 'up' | 'down',
  ): Promise<repo.TierRow> {
    await requireConfirmation(tx, sub.projectId, confirmProjectName);
    const current = (await repo.getTier(tx, sub.tierId)) as repo.TierRow;
    if (direction === 'up' && newTier.priceAudCents <= current.priceAudCents)
      throw new BillingError('not_an_upgrade');
    if (direction === 'down' && newTier.priceAudCents >= current.priceAudCents)
      throw new BillingError('not_a_downgrade');
    return current;
  }

  /** Cancel at period end (true) or reactivate (false): in Stripe for a Stripe-held subscription. */
  async function setCancelAtPeriodEnd(
    userId: string,
    subscriptionId: string,
    cancel: boolean,
  ): Promise<Subscription> {
    requireEnabled();
    const held = await stripeChange(userId, subscriptionId);
    if (held && stripe) {
      await stripe.setCancelAtPeriodEnd(held, cancel);
      return subscriptionDto(userId, subscriptionId);
    }
    await db.transaction(async (tx) => {
      await requireManaged(tx, userId, subscriptionId);
      await repo.updateSubscription(tx, subscriptionId, {
        cancelAtPeriodEnd: cancel,
        updatedAt: clock.now(),
      });
    });
    return subscriptionDto(userId, subscriptionId);
  }

  /** The plan a project runs on, its usage, and its subscription (null without one). */
  async function planOf(
    tx: Database,
    projectId: string,
  ): Promise<{
    limits: PlanLimits;
    usage: Usage;
    sub: repo.SubscriptionRow | null;
    tier: repo.TierRow | null;
  }> {
    const usage = await repo.projectUsage(tx, projectId);
    if (!usage)
      throw new BillingError('subscription_not_found', { messageId: 'error.subscription_not_found.project' });
    const { isDemo, ...counts } = usage;
    if (!enabled) return { limits: UNLIMITED_PLAN, usage: counts, sub: null, tier: null };
    if (isDemo) return { limits: DEMO_PLAN, usage: counts, sub: null, tier: null };
    const sub = await repo.getProjectSubscription(tx, projectId);
    const tier = sub && sub.status !== 'canceled' ? await repo.getTier(tx, sub.tierId) : null;
    if (!sub || !tier) return { limits: DEFAULT_PLAN, usage: counts, sub: null, tier: null };
    return {
      limits: {
        plan: tier.name,
        maxFiles: tier.maxFiles,
        maxStorageGB: tier.maxStorageGb,
        maxUsers: tier.maxUsers,
        maxReportsPerMonth: tier.maxReportsPerMonth,
        refreshFrequency: tier.refreshFrequency as PlanLimits['refreshFrequency'],
      },
      usage: counts,
      sub,
      tier,
    };
  }

  /** Whose limit it is, as the limit messages name it: the plan's, or that of projects without one. */
  function planParams(limits: PlanLimits) {
    return { hasPlan: limits.plan === DEFAULT_PLAN.plan ? 'no' : 'yes', plan: limits.plan };
  }

  const enforcement = {
    /**
     * Before a file version is written: a new file must fit the file limit, every version the storage
     * limit. Call inside the write's transaction; it locks the project row so two uploads take turns.
     */
    async assertCanStore(
      tx: Database,
      projectId: string,
      fileName: string,
      sizeBytes: number | null,
    ): Promise<void> {
      await repo.lockProject(tx, projectId);
      const { limits, usage } = await planOf(tx, projectId);
      const isNewFile = !(await repo.fileNameExists(tx, projectId, fileName));
      if (isNewFile && usage.files + 1 > limits.maxFiles) {
        throw new BillingError('limit_files', {
          messageId: 'error.limit_files.detail',
          params: { ...planParams(limits), max: limits.maxFiles },
        });
      }
      if (usage.storageBytes + (sizeBytes ?? UNKNOWN_FILE_BYTES) > limits.maxStorageGB * GB) {
        throw new BillingError('limit_storage', {
          messageId: 'error.limit_storage.detail',
          params: { limit: formatGb(limits.maxStorageGB), plan: limits.plan },
        });
      }
    },

    /** Before a member is added. */
    async assertCanAddMember(tx: Database, projectId: string): Promise<void> {
      await repo.lockProject(tx, projectId);
      const { limits, usage } = await planOf(tx, projectId);
      if (usage.users + 1 > limits.maxUsers) {
        throw new BillingError('limit_users', {
          messageId: 'error.limit_users.detail',
          params: { ...planParams(limits), max: limits.maxUsers },
        });
      }
    },

    /** Before a refresh (spec 3 §4). */
    async assertRefreshAllowed(tx: Database, projectId: string): Promise<void> {
      const { limits, usage, sub, tier } = await planOf(tx, projectId);
      const state = sub && tier ? { ...sub, allowApiAccess: tier.allowApiAccess } : null;
      const described = describeLimits(limits, usage, state);
      if (described.limits.allowRefresh) return;
      const reason =
        sub && sub.paymentStatus !== 'paid'
          ? 'unpaid'
          : sub?.cancelAtPeriodEnd
            ? 'cancelling'
            : violationsOf(limits, usage).some((v) => v.severity === 'error')
              ? 'exceeded'
              : 'excluded';
      throw new BillingError('refresh_not_allowed', {
        messageId: 'error.refresh_not_allowed.detail',
        params: { reason, plan: limits.plan },
      });
    },

    /** How many reports a month the project's plan allows (the reports module's usage figure). */
    async reportLimit(tx: Database, projectId: string): Promise<number> {
      return (await planOf(tx, projectId)).limits.maxReportsPerMonth;
    },

    /** Before a report is queued; `reportsThisMonth` is counted by the reports module. */
    async assertReportAllowed(tx: Database, projectId: string, reportsThisMonth: number): Promise<void> {
      const { limits } = await planOf(tx, projectId);
      if (reportsThisMonth >= limits.maxReportsPerMonth) {
        throw new BillingError('limit_reports', {
          messageId: 'error.limit_reports.detail',
          params: { max: limits.maxReportsPerMonth },
        });
      }
    },
  };

  return {
    enforcement,

    config(): BillingConfig {
      return { enabled, provider: provider.kind, testMode: provider.testMode, currencies: CURRENCIES };
    },

    async tiers(currency: Currency): Promise<Tier[]> {
      requireEnabled();
      return (await repo.listTiers(db)).filter((t) => t.isActive).map((t) => toTierDto(t, currency));
    },

    async updateTier(
      isInstallationAdmin: boolean,
      tierId: string,
      patch: Record<string, unknown>,
    ): Promise<Tier> {
      requireEnabled();
      if (!isInstallationAdmin) throw new BillingError('installation_admin_required');
      const cents = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : undefined);
      const row = await repo.updateTier(
        db,
        tierId,
        Object.fromEntries(
          Object.entries({
            name: patch.name,
            description: patch.description,
            maxFiles: patch.max_files,
            maxStorageGb: patch.max_storage_gb,
            maxUsers: patch.max_users,
            maxReportsPerMonth: patch.max_reports_per_month,
            refreshFrequency: patch.refresh_frequency,
            allowApiAccess: patch.allow_api_access,
            priceAudCents: cents(patch.price_monthly_aud),
            priceUsdCents: cents(patch.price_monthly_usd),
            priceGbpCents: cents(patch.price_monthly_gbp),
            priceEurCents: cents(patch.price_monthly_eur),
            isActive: patch.is_active,
            stripePriceId: patch.stripePriceId,
            popular: patch.popular,
            features: patch.features,
          }).filter(([, v]) => v !== undefined),
        ) as Partial<repo.TierRow>,
      );
      if (!row) throw new BillingError('tier_not_found');
      return toTierDto(row, 'AUD');
    },

    /** `message`: a message id, rendered by the route in the request's language. */
    async validateVoucher(
      code: string,
    ): Promise<Omit<VoucherValidation, 'message'> & { message: ContractsMessageId }> {
      requireEnabled();
      const { voucher, reason } = await usableVoucher(code);
      if (!voucher)
        return {
          valid: false,
          discount_type: null,
          discount_value: null,
          description: null,
          message: reason,
        };
      return {
        valid: true,
        discount_type: voucher.discountType === 'amount' ? 'amount' : 'percentage',
        discount_value: voucher.discountValue,
        description: voucher.description,
        message: 'billing.voucher.applied',
      };
    },

    /**
     * Spec 1 §4: payment first, then creation. The charge is taken; only then, in one transaction,
     * the project, its Admin membership, the subscription and its paid first invoice are written. A
     * declined card writes nothing; the same idempotency key returns the first answer.
     */
    async pay(
      userId: string,
      input: PaymentInput,
      setup?: ProjectSetup,
    ): Promise<{ projectId: string; subscription: Subscription; invoiceId: string }> {
      requireEnabled();
      if (stripe) throw new BillingError('checkout_required');
      const earlier = await repo.findPayment(db, userId, input.idempotencyKey);
      if (earlier) {
        const sub = await repo.getSubscription(db, earlier.subscriptionId);
        if (!sub) throw new BillingError('idempotency_conflict');
        return {
          projectId: sub.projectId,
          subscription: await subscriptionDto(userId, sub.id),
          invoiceId: earlier.invoiceId,
        };
      }
      const tier = await requireTier(input.tierId);
      let voucher: repo.VoucherRow | null = null;
      if (input.voucherCode) {
        const found = await usableVoucher(input.voucherCode);
        if (!found.voucher) throw new BillingError('voucher_invalid', { messageId: found.reason });
        voucher = found.voucher;
      }
      await setup?.check(tierFileLimits(tier));
      const priceCents = tierPriceCents(tier, input.currency);
      const discount = voucherDiscount(voucher);
      const totalCents = discountedCents(priceCents, discount);
      const now = clock.now();
      const charge = await provider.charge(
        {
          card: input.card,
          amountCents: totalCents,
          currency: input.currency,
          description: `${tier.name} plan: ${input.projectName}`,
          idempotencyKey: `${userId}:${input.idempotencyKey}`,
        },
        now,
      );
      if (!charge.ok) {
        // The ledger names its reason; Stripe's own text (English) is passed on as it is.
        throw new BillingError(charge.reason === 'declined' ? 'card_declined' : 'card_invalid', {
          ...(charge.messageId ? { messageId: charge.messageId } : { detail: { text: charge.message } }),
        });
      }
      const card = input.saveCard ? charge.card : null;
      const written = await db.transaction(async (tx) => {
        if (voucher && !(await repo.redeemVoucher(tx, voucher.code))) {
          throw new BillingError('voucher_invalid', { messageId: 'error.voucher_invalid.redeemed' });
        }
        const project = await insertProject(tx, {
          name: input.projectName,
          description: input.projectDescription,
          createdBy: userId,
          at: now,
        });
        await insertMembership(tx, { projectId: project.id, userId, role: 'Admin', at: now });
        await setup?.write(tx, project.id, now);
        const sub = await repo.insertSubscription(tx, {
          projectId: project.id,
          tierId: tier.id,
          customerUserId: userId,
          customerName: input.customerName,
          billingEmail: input.billingEmail,
          status: 'active',
          paymentStatus: 'paid',
          cancelAtPeriodEnd: false,
          currentPeriodStart: now,
          currentPeriodEnd: addOneMonth(now),
          currency: input.currency,
          voucherCode: voucher?.code ?? null,
          discountPercentage: discount?.type === 'percentage' ? discount.value : null,
          discountAmountCents: discount?.type === 'amount' ? discount.value : null,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          cardExpMonth: card?.expMonth ?? null,
          cardExpYear: card?.expYear ?? null,
          provider: provider.kind,
          providerSubscriptionId: null,
          createdAt: now,
          updatedAt: now,
        });
        const invoice = await issueInvoice(
          tx,
          sub,
          {
            kind: 'cycle',
            description: `${tier.name} plan, monthly`,
            tierName: tier.name,
            projectName: project.name,
            periodStart: sub.currentPeriodStart,
            periodEnd: sub.currentPeriodEnd,
            subtotalCents: priceCents,
            totalCents,
            paid: true,
            cardBrand: charge.card.brand,
            cardLast4: charge.card.last4,
            now,
          },
          deps.jobs ?? null,
        );
        await repo.insertPayment(tx, {
          userId,
          idempotencyKey: input.idempotencyKey,
          subscriptionId: sub.id,
          invoiceId: invoice.id,
          createdAt: now,
        });
        await audit.record(
          {
            actorId: userId,
            projectId: project.id,
            action: 'project.created',
            targetType: 'project',
            targetId: project.id,
            details: { name: project.name, plan: tier.name },
          },
          tx,
        );
        return { projectId: project.id, subscriptionId: sub.id, invoiceId: invoice.id };
      });
      return {
        projectId: written.projectId,
        subscription: await subscriptionDto(userId, written.subscriptionId),
        invoiceId: written.invoiceId,
      };
    },

    async subscriptions(userId: string): Promise<Subscription[]> {
      requireEnabled();
      const rows = await repo.listSubscriptionsOfUser(db, userId);
      const tiers = new Map((await repo.listTiers(db)).map((t) => [t.id, t]));
      return rows.map((row) => toSubscriptionDto(row, tiers.get(row.subscription.tierId) as repo.TierRow));
    },

    cancel: (userId: string, subscriptionId: string) => setCancelAtPeriodEnd(userId, subscriptionId, true),

    reactivate: (userId: string, subscriptionId: string) =>
      setCancelAtPeriodEnd(userId, subscriptionId, false),

    /** Immediate, with a prorated invoice for the rest of the period (decision 0141). */
    async upgrade(
      userId: string,
      subscriptionId: string,
      newTierId: string,
      confirmProjectName: string,
    ): Promise<Subscription> {
      requireEnabled();
      const newTier = await requireTier(newTierId);
      const held = await stripeChange(userId, subscriptionId, (tx, sub) =>
        requirePlanChange(tx, sub, newTier, confirmProjectName, 'up'),
      );
      if (held && stripe) {
        await stripe.upgrade(held, newTier);
        return subscriptionDto(userId, subscriptionId);
      }
      await db.transaction(async (tx) => {
        const sub = await requireManaged(tx, userId, subscriptionId);
        const current = await requirePlanChange(tx, sub, newTier, confirmProjectName, 'up');
        const currency = sub.currency as Currency;
        const discount = subscriptionDiscount(sub);
        const now = clock.now();
        const amount = prorationCents({
          oldMonthlyCents: discountedCents(tierPriceCents(current, currency), discount),
          newMonthlyCents: discountedCents(tierPriceCents(newTier, currency), discount),
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          now,
        });
        const card = savedCard(sub);
        const paid = await provider.chargeSaved(card, amount, now);
        const projectName = await projectNameOf(tx, sub.projectId);
        await issueInvoice(
          tx,
          sub,
          {
            kind: 'proration',
            description: `Upgrade from ${current.name} to ${newTier.name} (prorated)`,
            tierName: newTier.name,
            projectName,
            periodStart: now,
            periodEnd: sub.currentPeriodEnd,
            subtotalCents: amount,
            totalCents: amount,
            paid,
            cardBrand: card?.brand ?? null,
            cardLast4: card?.last4 ?? null,
            now,
          },
          deps.jobs ?? null,
        );
        await repo.updateSubscription(tx, sub.id, {
          tierId: newTier.id,
          scheduledTierId: null,
          paymentStatus: paid ? sub.paymentStatus : 'due',
          updatedAt: now,
        });
      });
      return subscriptionDto(userId, subscriptionId);
    },

    /** Scheduled: the next billing cycle opens on the lower plan. */
    async downgrade(
      userId: string,
      subscriptionId: string,
      newTierId: string,
      confirmProjectName: string,
    ): Promise<Subscription> {
      requireEnabled();
      const newTier = await requireTier(newTierId);
      const held = await stripeChange(userId, subscriptionId, (tx, sub) =>
        requirePlanChange(tx, sub, newTier, confirmProjectName, 'down'),
      );
      if (held && stripe) {
        await stripe.downgrade(held, newTier);
        return subscriptionDto(userId, subscriptionId);
      }
      await db.transaction(async (tx) => {
        const sub = await requireManaged(tx, userId, subscriptionId);
        await requirePlanChange(tx, sub, newTier, confirmProjectName, 'down');
        await repo.updateSubscription(tx, sub.id, { scheduledTierId: newTier.id, updatedAt: clock.now() });
      });
      return subscriptionDto(userId, subscriptionId);
    },

    /**
     * Stripe's hosted billing portal for the user's Stripe customer; the ledger has no hosted portal,
     * so there the app's own subscriptions tab is the portal.
     */
    async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
      requireEnabled();
      if (stripe) {
        const rows = await repo.listSubscriptionsOfUser(db, userId);
        const held = rows
          .filter((r) => r.role === 'Admin' && r.subscription.providerCustomerId)
          .sort((a, b) => b.subscription.createdAt.getTime() - a.subscription.createdAt.getTime())[0];
        if (!held) throw new BillingError('subscription_not_found');
        return stripe.portal(held.subscription, returnUrl);
      }
      const url = new URL(returnUrl, 'http://app.invalid');
      url.searchParams.set('tab', 'subscriptions');
      return { url: `${url.pathname}${url.search}` };
    },

    /** Spec 1 §4 redirect path (PAYMENTS=stripe): a hosted Checkout for the plan, the project made once paid. */
    async checkout(
      userId: string,
      input: CheckoutInput,
      setup?: ProjectSetup,
    ): Promise<{ session_id: string; url: string }> {
      requireEnabled();
      if (!stripe) {
        throw new BillingError('checkout_not_found', {
          messageId: 'error.checkout_not_found.inApp',
        });
      }
      const tier = await requireTier(input.tierId);
      await setup?.check(tierFileLimits(tier));
      return stripe.startCheckout(userId, input, tier, setup?.snapshot() ?? null);
    },

    async checkoutStatus(userId: string, sessionId: string) {
      requireEnabled();
      if (!stripe) throw new BillingError('checkout_not_found');
      return stripe.checkoutStatus(userId, sessionId);
    },

    /** Stripe's webhook endpoint; 404 when this installation does not use Stripe. */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!enabled || !stripe) throw new BillingError('billing_disabled');
      return stripe.handleWebhook(rawBody, signature);
    },

    async history(userId: string): Promise<InvoiceRow[]> {
      requireEnabled();
      return (await repo.listInvoicesOfAdmin(db, userId)).map(toInvoiceDto);
    },

    /** The invoice (or, when paid, its receipt) as a PDF, for the project's Admins. */
    async document(
      userId: string,
      invoiceId: string,
      kind: 'invoice' | 'receipt',
    ): Promise<{ fileName: string; pdf: Buffer }> {
      requireEnabled();
      const invoice = await repo.getInvoice(db, invoiceId);
      if (!invoice) throw new BillingError('invoice_not_found');
      try {
        await requireProjectRole({ db, userId }, invoice.projectId, 'Admin');
      } catch (error) {
        // Not a member: the invoice is not there for them. A member below Admin (or anyone on the
        // demo) knows the project: told plainly it is for Admins, as the subscription routes do.
        if (error instanceof Error && 'status' in error && (error as { status: number }).status === 404) {
          throw new BillingError('invoice_not_found');
        }
        throw new BillingError('admin_role_required');
      }
      if (kind === 'receipt' && !invoice.receiptNumber) {
        throw new BillingError('invoice_not_found', {
          messageId: 'error.invoice_not_found.noReceipt',
        });
      }
      const pdf = await renderBillingDocument(kind, invoice);
      const number = kind === 'receipt' ? invoice.receiptNumber : invoice.invoiceNumber;
      return { fileName: `${number}.pdf`, pdf };
    },

    async limits(userId: string | null, projectId: string): Promise<ProjectLimits> {
      await requireProjectReader({ db, userId }, projectId);
      const { limits, usage, sub, tier } = await planOf(db, projectId);
      return describeLimits(
        limits,
        usage,
        sub && tier ? { ...sub, allowApiAccess: tier.allowApiAccess } : null,
      );
    },

    /** The scheduled job (also callable directly): see runBillingCycle. */
    runCycle: () => runBillingCycle({ db, clock, provider, enabled, jobs: deps.jobs ?? null }),
  };
}

async function projectNameOf(tx: Database, projectId: string): Promise<string> {
  const project = await findActiveProject(tx, projectId);
  if (!project) throw new BillingError('subscription_not_found');
  return project.name;
}

async function requireConfirmation(tx: Database, projectId: string, typed: string): Promise<void> {
  const name = await projectNameOf(tx, projectId);
  if (typed !== name) {
    throw new BillingError('confirmation_required', {
      messageId: 'error.confirmation_required.named',
      params: { name },
    });
  }
}

export type BillingService = ReturnType<typeof createBillingService>;
export type BillingEnforcement = BillingService['enforcement'];
