import {
  type CardInput,
  type CheckoutSessionBody,
  checkoutSessionResponseSchema,
  invoiceResponseSchema,
  type SubscriptionPaymentBody,
  subscriptionPaymentResponseSchema,
  subscriptionResponseSchema,
} from '@plumbline/contracts';
import { z } from 'zod';
import { apiRequest } from './api';
import { apiPath } from './api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from './data-source';

export type SubscriptionAction = 'cancel' | 'reactivate' | 'upgrade' | 'downgrade';

export interface SubscriptionChange {
  action: SubscriptionAction;
  subscriptionId: string;
  newTierId?: string;
  confirmProjectName?: string;
  /** An upgrade: the `priced_as_of` of the estimate shown, so the charge is that estimate (decision 0427). */
  pricedAsOf?: string;
}

/** The in-app portal's writes (the ledger). */
export type PortalAction =
  | { action: 'replaceCard'; subscriptionId: string; card: CardInput }
  | { action: 'payInvoice'; invoiceId: string };

/**
 * The billing writes, shared by the wizard and the Subscriptions tab: paying, Stripe's checkout and
 * portal, plan changes. The demo counts as subscribed and its source refuses each (decision 0061).
 */
export interface BillingSource {
  paySubscription(body: SubscriptionPaymentBody): Promise<z.infer<typeof subscriptionPaymentResponseSchema>>;
  /** Spec 1 §7 checkout-session mutation (PAYMENTS=stripe): the hosted page to send the browser to. */
  startCheckout(body: CheckoutSessionBody): Promise<z.infer<typeof checkoutSessionResponseSchema>>;
  /** Cancel, reactivate, upgrade or downgrade. */
  changeSubscription(
    change: SubscriptionChange,
  ): Promise<z.infer<typeof subscriptionResponseSchema>['subscription']>;
  /** The provider's billing portal: its address. */
  openPortal(): Promise<string>;
  /** The ledger's portal, inside the app: a new saved card for a subscription. */
  replaceCard(subscriptionId: string, card: CardInput): Promise<unknown>;
  /** Pays a due or overdue invoice with the saved card. */
  payInvoice(invoiceId: string): Promise<unknown>;
}

export const liveBillingSource: BillingSource = {
  paySubscription(body) {
    return apiRequest(apiPath('/billing/subscription-payments'), {
      method: 'POST',
      body,
      schema: subscriptionPaymentResponseSchema,
      // A 401 here may be the Autodesk session's (spec 1 §8 payment messages), shown in the form.
      redirectOnUnauthorized: false,
    });
  },
  startCheckout(body) {
    return apiRequest(apiPath('/billing/checkout-sessions'), {
      method: 'POST',
      body,
      schema: checkoutSessionResponseSchema,
    });
  },
  async changeSubscription({ action, subscriptionId, newTierId, confirmProjectName, pricedAsOf }) {
    const body =
      action === 'cancel'
        ? { subscriptionId, cancelImmediately: false }
        : action === 'reactivate'
          ? { subscriptionId }
          : { subscriptionId, newTierId, confirmProjectName, pricedAsOf };
    const path = apiPath(`/billing/subscriptions/{subscriptionId}/${action}`, { path: { subscriptionId } });
    return (await apiRequest(path, { method: 'POST', body, schema: subscriptionResponseSchema }))
      .subscription;
  },
  async openPortal() {
    const { url } = await apiRequest(apiPath('/billing/portal'), {
      method: 'POST',
      body: { returnUrl: '/dashboard' },
      schema: z.object({ url: z.string() }),
    });
    return url;
  },
  replaceCard(subscriptionId, card) {
    return apiRequest(apiPath('/billing/subscriptions/{subscriptionId}/card', { path: { subscriptionId } }), {
      method: 'PUT',
      body: { card },
      schema: subscriptionResponseSchema,
    });
  },
  payInvoice(invoiceId) {
    return apiRequest(apiPath('/billing/invoices/{invoiceId}/pay', { path: { invoiceId } }), {
      method: 'POST',
      body: {},
      schema: invoiceResponseSchema,
    });
  },
};

const refuse = async (): Promise<never> => {
  throw new ReadOnlyDataSourceError();
};

export const demoBillingSource: BillingSource = {
  paySubscription: refuse,
  startCheckout: refuse,
  changeSubscription: refuse,
  openPortal: refuse,
  replaceCard: refuse,
  payInvoice: refuse,
};

const SOURCES: Record<DataSourceMode, BillingSource> = { live: liveBillingSource, demo: demoBillingSource };

export function useBillingSource(): BillingSource {
  return SOURCES[useDataSource().mode];
}
