import {
  type BillingConfig,
  billingConfigSchema,
  billingHistoryResponseSchema,
  type Currency,
  checkoutStatusSchema,
  type InvoiceRow,
  type PlanChangeOptions,
  type ProjectLimits,
  planChangeOptionsSchema,
  projectLimitsSchema,
  type Subscription,
  subscriptionListResponseSchema,
  type Tier,
  tierListResponseSchema,
  type VoucherValidation,
  voucherValidationSchema,
} from '@plumbline/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { formatCurrency } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { apiPath, apiUrl } from './api/paths';
import { type PortalAction, type SubscriptionChange, useBillingSource } from './billing-source';

/** The billing API (plans, vouchers, payments, subscriptions, invoices, limits), shared by the wizard and the Subscriptions tab. */
export const billingKeys = {
  all: ['billing'] as const,
  config: ['billing', 'config'] as const,
  tiers: (currency: Currency) => ['billing', 'tiers', currency] as const,
  subscriptions: ['billing', 'subscriptions'] as const,
  history: ['billing', 'history'] as const,
  planChanges: (subscriptionId: string) => ['billing', 'plan-changes', subscriptionId] as const,
};

/** A plan change moves the limits of its project: each project's limits (under its root) ask again. */
function invalidateProjectLimits(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: queryKeys.everyProject('live'),
    predicate: (query) => query.queryKey[3] === 'limits',
  });
}

/** What the demo shows: the built-in ledger's form, nothing to pay (spec 3 §1: demo counts as subscribed). */
const DEMO_CONFIG: BillingConfig = { enabled: true, provider: 'ledger', testMode: true, currencies: ['AUD'] };

/**
 * The demo follows the installation in one thing only: whether it sells plans at all. With BILLING=off
 * its wizard has no plan to choose and no payment, as a signed-in user's has (decision 0390).
 */
async function demoConfig(signal: AbortSignal): Promise<BillingConfig> {
  const installation = await apiRequest(apiPath('/billing/config'), { schema: billingConfigSchema, signal });
  return { ...DEMO_CONFIG, enabled: installation.enabled };
}

export function useBillingConfig() {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: [mode, ...billingKeys.config],
    queryFn: ({ signal }) =>
      mode === 'demo'
        ? demoConfig(signal)
        : apiRequest(apiPath('/billing/config'), { schema: billingConfigSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useTiers(currency: Currency, enabled = true) {
  return useQuery({
    queryKey: billingKeys.tiers(currency),
    queryFn: async ({ signal }): Promise<Tier[]> =>
      (
        await apiRequest(apiPath('/billing/tiers', { query: { currency } }), {
          schema: tierListResponseSchema,
          signal,
        })
      ).tiers,
    enabled,
  });
}

export function useSubscriptions(enabled = true) {
  return useQuery({
    queryKey: billingKeys.subscriptions,
    queryFn: async ({ signal }): Promise<Subscription[]> =>
      (
        await apiRequest(apiPath('/billing/subscriptions'), {
          schema: subscriptionListResponseSchema,
          signal,
        })
      ).subscriptions,
    enabled,
  });
}

export function useBillingHistory(enabled = true) {
  return useQuery({
    queryKey: billingKeys.history,
    queryFn: async ({ signal }): Promise<InvoiceRow[]> =>
      (
        await apiRequest(apiPath('/billing/billing-history'), {
          schema: billingHistoryResponseSchema,
          signal,
        })
      ).invoices,
    enabled,
  });
}

/** Each plan priced for one subscription (its currency, its voucher), with an upgrade's charge today (decision 0310). */
export function usePlanChanges(subscriptionId: string) {
  return useQuery({
    queryKey: billingKeys.planChanges(subscriptionId),
    queryFn: ({ signal }): Promise<PlanChangeOptions> =>
      apiRequest(
        apiPath('/billing/subscriptions/{subscriptionId}/plan-changes', { path: { subscriptionId } }),
        {
          schema: planChangeOptionsSchema,
          signal,
        },
      ),
  });
}

/** The in-app portal's writes (the ledger, decision 0311): a new card, paying an open invoice. */
export function usePortalAction() {
  const queryClient = useQueryClient();
  const source = useBillingSource();
  return useMutation({
    mutationFn: (input: PortalAction) =>
      input.action === 'replaceCard'
        ? source.replaceCard(input.subscriptionId, input.card).then(() => undefined)
        : source.payInvoice(input.invoiceId).then(() => undefined),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        invalidateProjectLimits(queryClient),
      ]),
  });
}

export function useProjectLimits(projectId: string | null) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.limits(mode, projectId ?? ''),
    queryFn: ({ signal }): Promise<ProjectLimits> =>
      apiRequest(apiPath('/projects/{projectId}/limits', { path: { projectId: projectId ?? '' } }), {
        schema: projectLimitsSchema,
        signal,
      }),
    enabled: Boolean(projectId),
  });
}

export function validateVoucher(code: string): Promise<VoucherValidation> {
  return apiRequest(apiPath('/vouchers/validate'), {
    method: 'POST',
    body: { code },
    schema: voucherValidationSchema,
  });
}

export function checkoutStatus(sessionId: string) {
  return apiRequest(apiPath('/billing/checkout-sessions/{sessionId}', { path: { sessionId } }), {
    schema: checkoutStatusSchema,
  });
}

/** Cancel, reactivate, upgrade or downgrade; every billing read is refreshed afterwards. */
export function useSubscriptionAction() {
  const queryClient = useQueryClient();
  const source = useBillingSource();
  return useMutation({
    mutationFn: (input: SubscriptionChange) => source.changeSubscription(input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        invalidateProjectLimits(queryClient),
      ]),
  });
}

/** The receipt PDF of a paid invoice, as a Blob (spec 3 §7 receipt download). */
export async function downloadReceipt(invoiceId: string): Promise<Blob> {
  const response = await fetch(
    apiUrl('/billing/billing-history/{invoiceId}/receipt/download', { path: { invoiceId } }),
    {
      credentials: 'same-origin',
    },
  );
  if (!response.ok) throw new Error(`Receipt download failed (HTTP ${response.status})`);
  return response.blob();
}

/**
 * An amount in its currency, in the page's language, always to the cent ('A$56.00', 'A$63.20',
 * '125,00 €'): every price, charge and invoice amount is written this one way.
 */
export function formatPrice(amount: number, currency: Currency): string {
  return formatCurrency(amount, currency);
}

/** en-GB date, as the spec shows them (spec 3 §9). */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
