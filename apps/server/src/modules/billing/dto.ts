import {
  type Currency,
  type InvoiceRow as InvoiceDto,
  type RefreshFrequency,
  roleAllows,
  type Subscription,
  type Tier,
} from '@plumbline/contracts';
import { centsToMajor } from './money';
import { monthlyPrice, subscriptionDiscount, tierPriceCents } from './pricing';
import type { InvoiceRow, SubscriptionListRow, TierRow } from './repo';

export function toTierDto(tier: TierRow, currency: Currency): Tier {
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    max_files: tier.maxFiles,
    max_storage_gb: tier.maxStorageGb,
    max_users: tier.maxUsers,
    max_reports_per_month: tier.maxReportsPerMonth,
    refresh_frequency: tier.refreshFrequency as RefreshFrequency,
    allow_api_access: tier.allowApiAccess,
    price_monthly_aud: centsToMajor(tier.priceAudCents),
    price_monthly_usd: centsToMajor(tier.priceUsdCents),
    price_monthly_gbp: centsToMajor(tier.priceGbpCents),
    price_monthly_eur: centsToMajor(tier.priceEurCents),
    is_active: tier.isActive,
    stripePriceId: tier.stripePriceId,
    popular: tier.popular,
    features: tier.features,
    price: centsToMajor(tierPriceCents(tier, currency)),
    currency,
  };
}

export function toSubscriptionDto(row: SubscriptionListRow, tier: TierRow): Subscription {
  const s = row.subscription;
  const currency = s.currency as Currency;
  return {
    id: s.id,
    project_id: s.projectId,
    tier_id: s.tierId,
    tier: toTierDto(tier, currency),
    status: s.status as Subscription['status'],
    payment_status: s.paymentStatus as Subscription['payment_status'],
    cancel_at_period_end: s.cancelAtPeriodEnd,
    current_period_start: s.currentPeriodStart.toISOString(),
    current_period_end: s.currentPeriodEnd.toISOString(),
    scheduled_tier_id: s.scheduledTierId,
    currency,
    voucher_code: s.voucherCode,
    stripe_promotion_code_id: null,
    discount_applied_percentage: s.discountPercentage,
    discount_applied_amount_cents: s.discountAmountCents,
    monthly_billed: centsToMajor(monthlyPrice(tier, currency, subscriptionDiscount(s)).billedCents),
    card:
      s.cardBrand && s.cardLast4 && s.cardExpMonth && s.cardExpYear
        ? { brand: s.cardBrand, last4: s.cardLast4, exp_month: s.cardExpMonth, exp_year: s.cardExpYear }
        : null,
    // From the permission table the routes and the web read too (decision 0177).
    can_manage: roleAllows(row.role, 'billing.manage'),
    project: { name: row.projectName, files_count: row.filesCount, team_members_count: row.teamMembersCount },
  };
}

const STATUS_LABEL = { paid: 'Paid', due: 'Due', overdue: 'Overdue' } as const;

export function toInvoiceDto(invoice: InvoiceRow): InvoiceDto {
  const status = invoice.status as keyof typeof STATUS_LABEL;
  const base = `/api/v1/billing`;
  return {
    id: invoice.id,
    invoice_id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    name: invoice.description,
    project_name_snapshot: invoice.projectNameSnapshot,
    project_id: invoice.projectId,
    date: invoice.issuedAt.toISOString(),
    created: Math.floor(invoice.issuedAt.getTime() / 1000),
    amount: centsToMajor(invoice.totalCents),
    currency: invoice.currency as Currency,
    computed_status: status,
    display_status: STATUS_LABEL[status] ?? invoice.status,
    invoice_pdf: `${base}/invoices/${invoice.id}/pdf`,
    hosted_invoice_url: null,
    receipt_url: invoice.receiptNumber ? `${base}/billing-history/${invoice.id}/receipt/download` : null,
    receipt_number: invoice.receiptNumber,
  };
}

/** A plan's own file limits, before any per-project override. */
export function tierFileLimits(tier: TierRow) {
  return {
    max_files: tier.maxFiles,
    max_storage_bytes: tier.maxStorageGb * 1024 ** 3,
    source: 'default' as const,
  };
}
