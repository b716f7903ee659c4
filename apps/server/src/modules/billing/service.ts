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
import type { AuditEvent, AuditRecorder } from '../audit';
import { insertMembership, insertProject, requireProjectReader, requireProjectRole } from '../projects';
import { runBillingCycle } from './cycle';
import { tierFileLimits, toInvoiceDto, toSubscriptionDto, toTierDto } from './dto';
import { createPlanEnforcement } from './enforcement';
import { BillingError } from './errors';
import { issueInvoice } from './invoices';
import { createLedgerPortal } from './ledger-portal';
import { describeLimits } from './limits';
import { addOneMonth } from './money';
import type { ChangeContext, CheckoutInput, PaymentProvider, SubscriptionChanges } from './payments/provider';
import { renderBillingDocument } from './pdf';
import { requireManaged, requirePlanChange, upgradeAsOf } from './plan-rules';
import { monthlyPrice, voucherDiscount } from './pricing';
import type { ProjectSetup } from './project-setup';
import * as repo from './repo';
import { usableVoucher } from './vouchers';

const CURRENCIES: Currency[] = ['AUD', 'USD', 'GBP', 'EUR'];

export interface BillingDeps {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  provider: PaymentProvider;
  /** false with BILLING=off. */
  enabled: boolean;
  /** Mails each invoice as it is issued. */
  jobs?: JobSender | null;
  /**
   * From when a pending invitation still holds a seat (members' invitation validity); without it every
   * pending invitation does.
   */
  invitationsValidSince?: (now: Date) => Date;
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

export function createBillingService(deps: BillingDeps) {
  const { db, clock, audit, provider, enabled } = deps;
  const { planOf, enforcement } = createPlanEnforcement(
    enabled,
    deps.invitationsValidSince ?? (() => new Date(0)),
    () => clock.now(),
  );
  const context: ChangeContext = { clock, jobs: deps.jobs ?? null };

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

  async function subscriptionDto(userId: string, subscriptionId: string): Promise<Subscription> {
    const rows = await repo.listSubscriptionsOfUser(db, userId);
    const row = rows.find((r) => r.subscription.id === subscriptionId);
    if (!row) throw new BillingError('subscription_not_found');
    const tier = await repo.getTier(db, row.subscription.tierId);
    return toSubscriptionDto(row, tier as repo.TierRow);
  }

  /**
   * One change of a subscription (decision 0210): the rules (`requireManaged`, then the change's own
   * `check`) with the subscription locked, then the provider's change, inside that transaction (the
   * ledger) or once it has committed (Stripe).
   */
  async function change<C>(
    userId: string,
    subscriptionId: string,
    check: (tx: Database, sub: repo.SubscriptionRow) => Promise<C>,
    make: (changes: SubscriptionChanges, db: Database, checked: C) => Promise<void>,
    recorded: (sub: repo.SubscriptionRow, checked: C) => Pick<AuditEvent, 'action' | 'details'>,
  ): Promise<Subscription> {
    const changes = await provider.changesOf(subscriptionId);
    // The audit entry goes with the change: in its transaction, or once the provider has made it.
    const entry = (sub: repo.SubscriptionRow, checked: C): AuditEvent => {
      const at = { actorId: userId, projectId: sub.projectId, targetId: subscriptionId };
      return { ...at, targetType: 'subscription', ...recorded(sub, checked) };
    };
    const { sub, checked } = await db.transaction(async (tx) => {
      const sub = await requireManaged(tx, userId, subscriptionId);
      const result = await check(tx, sub);
      if (changes.when === 'in-transaction') {
        await make(changes, tx, result);
        await audit.record(entry(sub, result), tx);
      }
      return { sub, checked: result };
    });
    if (changes.when === 'after-commit') {
      await make(changes, db, checked);
      await audit.record(entry(sub, checked));
    }
    return subscriptionDto(userId, subscriptionId);
  }

  /** Cancel at period end (true) or reactivate (false). */
  async function setCancelAtPeriodEnd(
    userId: string,
    subscriptionId: string,
    cancel: boolean,
  ): Promise<Subscription> {
    requireEnabled();
    return change(
      userId,
      subscriptionId,
      async (_tx, sub) => sub,
      (changes, tx, sub) => changes.setCancelAtPeriodEnd(tx, sub, cancel, context),
      (sub) => ({
        action: cancel ? 'plan.canceled' : 'plan.reactivated',
        details: {
          before: { cancelAtPeriodEnd: sub.cancelAtPeriodEnd },
          after: { cancelAtPeriodEnd: cancel },
        },
      }),
    );
  }

  /** A plan change up (now, prorated: decision 0141) or down (at the period's end). */
  async function changePlan(
    userId: string,
    subscriptionId: string,
    newTierId: string,
    confirmProjectName: string,
    direction: 'up' | 'down',
    pricedAsOf?: string,
  ): Promise<Subscription> {
    requireEnabled();
    const tier = await requireTier(newTierId);
    return change(
      userId,
      subscriptionId,
      async (tx, sub) => ({
        sub,
        tier,
        current: await requirePlanChange(tx, sub, tier, confirmProjectName, direction),
        asOf: direction === 'up' ? upgradeAsOf(sub, pricedAsOf, clock.now()) : clock.now(),
      }),
      (changes, tx, planChange) =>
        direction === 'up'
          ? changes.upgrade(tx, planChange, context)
          : changes.downgrade(tx, planChange, context),
      (_sub, planChange) => ({
        action: 'plan.changed',
        details: {
          direction,
          // An upgrade applies now (prorated); a downgrade at the end of the period (decision 0141).
          effective: direction === 'up' ? 'now' : 'period_end',
          before: { tierId: planChange.current.id, plan: planChange.current.name },
          after: { tierId: planChange.tier.id, plan: planChange.tier.name },
        },
      }),
    );
  }

  const ledgerPortal = createLedgerPortal({ db, clock, audit, provider, subscriptionDto, requireEnabled });

  return {
    enforcement,

    // Plans priced for a subscription (decision 0310), the in-app portal's actions (decision 0311).
    ...ledgerPortal,

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
      const { voucher, reason } = await usableVoucher(db, clock.now(), code);
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
      if (provider.hosted) throw new BillingError('checkout_required');
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
        const found = await usableVoucher(db, clock.now(), input.voucherCode);
        if (!found.voucher) throw new BillingError('voucher_invalid', { messageId: found.reason });
        voucher = found.voucher;
      }
      await setup?.check(tierFileLimits(tier));
      const discount = voucherDiscount(voucher);
      const price = monthlyPrice(tier, input.currency, discount);
      const priceCents = price.listCents;
      const totalCents = price.billedCents;
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

    /** Up now, prorated as of the estimate's `pricedAsOf` when sent (0141, 0310, 0427); down at the next cycle. */
    upgrade: (userId: string, id: string, tierId: string, confirm: string, pricedAsOf?: string) =>
      changePlan(userId, id, tierId, confirm, 'up', pricedAsOf),
    downgrade: (userId: string, id: string, tierId: string, confirm: string) =>
      changePlan(userId, id, tierId, confirm, 'down'),

    /** The provider's hosted billing portal; the ledger has none, so there the app's own tab is the portal. */
    async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
      requireEnabled();
      return provider.portal(userId, returnUrl);
    },

    /** Spec 1 §4 redirect path (PAYMENTS=stripe): a hosted Checkout for the plan, the project made once paid. */
    async checkout(
      userId: string,
      input: CheckoutInput,
      setup?: ProjectSetup,
    ): Promise<{ session_id: string; url: string }> {
      requireEnabled();
      if (!provider.hosted) {
        throw new BillingError('checkout_not_found', {
          messageId: 'error.checkout_not_found.inApp',
        });
      }
      const tier = await requireTier(input.tierId);
      await setup?.check(tierFileLimits(tier));
      return provider.hosted.startCheckout(userId, input, tier, setup?.snapshot() ?? null);
    },

    async checkoutStatus(userId: string, sessionId: string) {
      requireEnabled();
      if (!provider.hosted) throw new BillingError('checkout_not_found');
      return provider.hosted.checkoutStatus(userId, sessionId);
    },

    /** The provider's webhook endpoint; 404 when this installation has none (the ledger). */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!enabled || !provider.hosted) throw new BillingError('billing_disabled');
      return provider.hosted.handleWebhook(rawBody, signature);
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

export type BillingService = ReturnType<typeof createBillingService>;
export type BillingEnforcement = BillingService['enforcement'];
