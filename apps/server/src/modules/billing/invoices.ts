import { intlLocale } from '@plumbline/i18n';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import type { JobSender } from '../../platform/queue';
import { mailLocale, queueMail } from '../notifications';
import { BillingError } from './errors';
import * as repo from './repo';

/** A renewal invoice is due this long after it is issued, then overdue (decision 0142). */
export const PAYMENT_TERMS_MS = 7 * 86_400_000;

export function savedCard(sub: repo.SubscriptionRow) {
  return sub.cardBrand && sub.cardLast4 && sub.cardExpMonth && sub.cardExpYear
    ? { brand: sub.cardBrand, last4: sub.cardLast4, expMonth: sub.cardExpMonth, expYear: sub.cardExpYear }
    : null;
}

export interface InvoiceDraft {
  kind: 'cycle' | 'proration';
  description: string;
  tierName: string;
  projectName: string;
  periodStart: Date;
  periodEnd: Date;
  subtotalCents: number;
  totalCents: number;
  paid: boolean;
  cardBrand: string | null;
  cardLast4: string | null;
  now: Date;
  /** The provider's invoice this row mirrors (PAYMENTS=stripe). */
  providerInvoiceId?: string;
}

/** Writes one invoice (numbered by the database); a paid one gets its receipt number. Refused when that cycle is already invoiced. */
export async function issueInvoice(
  tx: Database,
  sub: repo.SubscriptionRow,
  draft: InvoiceDraft,
  /** Mails the invoice to the billing e-mail with it (issue 13); null in callers without a queue. */
  jobs: JobSender | null = null,
): Promise<repo.InvoiceRow> {
  const total = Math.max(0, draft.totalCents);
  const row = await repo.insertInvoice(tx, {
    subscriptionId: sub.id,
    projectId: sub.projectId,
    kind: draft.kind,
    description: draft.description,
    periodStart: draft.periodStart,
    periodEnd: draft.periodEnd,
    issuedAt: draft.now,
    dueAt: draft.paid ? draft.now : new Date(draft.now.getTime() + PAYMENT_TERMS_MS),
    paidAt: draft.paid ? draft.now : null,
    status: draft.paid ? 'paid' : 'due',
    currency: sub.currency,
    subtotalCents: draft.subtotalCents,
    discountCents: Math.max(0, draft.subtotalCents - total),
    totalCents: total,
    projectNameSnapshot: draft.projectName,
    tierName: draft.tierName,
    customerName: sub.customerName,
    billingEmail: sub.billingEmail,
    voucherCode: sub.voucherCode,
    cardBrand: draft.paid ? draft.cardBrand : null,
    cardLast4: draft.paid ? draft.cardLast4 : null,
    providerInvoiceId: draft.providerInvoiceId ?? null,
  });
  if (!row)
    throw new BillingError('idempotency_conflict', { messageId: 'error.idempotency_conflict.invoiced' });
  if (jobs) {
    const locale = await mailLocale(tx, { projectId: sub.projectId, userId: sub.customerUserId });
    // Amount and date as the reader's language writes them (A$56.00, 56,00 AU$), as the app shows them.
    const intl = intlLocale(locale);
    const values = {
      number: row.invoiceNumber,
      projectName: draft.projectName,
      description: draft.description,
      amount: new Intl.NumberFormat(intl, { style: 'currency', currency: sub.currency }).format(total / 100),
      paid: draft.paid ? 'yes' : 'no',
      due: new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' }).format(row.dueAt),
    };
    await queueMail(
      tx,
      jobs,
      {
        userId: sub.customerUserId,
        to: sub.billingEmail,
        kind: 'invoice.issued',
        subject: render(locale, 'mail.invoice.subject', values),
        text: render(locale, 'mail.invoice.text', values),
      },
      draft.now,
    );
  }
  if (draft.paid) {
    const receiptNumber = row.invoiceNumber.replace(/^INV-/, 'RCT-');
    await repo.updateInvoice(tx, row.id, { receiptNumber });
    return { ...row, receiptNumber };
  }
  return row;
}
