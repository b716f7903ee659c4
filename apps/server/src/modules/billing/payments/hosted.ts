import type { PaymentProvider } from './provider';

/**
 * PAYMENTS=stripe: cards never reach this server (Stripe's Checkout page takes them) and Stripe runs
 * the renewals, so nothing is charged here; the billing service sends such work to Stripe instead.
 * `testMode` follows the key: sk_test_… keys show the Test mode badge.
 */
export function createHostedProvider(testMode: boolean): PaymentProvider {
  return {
    kind: 'stripe',
    testMode,
    async charge() {
      return {
        ok: false,
        reason: 'invalid',
        message: "Cards are taken on Stripe's checkout page.",
        messageId: 'error.card_invalid.hosted',
      };
    },
    async chargeSaved() {
      return false;
    },
  };
}
