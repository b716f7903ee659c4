import type { BillingErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

/** Billing's codes (the list lives in packages/contracts); messages are the spec's where it has one (spec 3 §8, spec 1 §8). */
const table = {
  billing_disabled: 'This installation does not sell plans.',
  tier_not_found: 'Plan selection error: The selected plan could not be found. Please try again.',
  tier_not_configured:
    'Plan configuration error: The selected plan is not properly configured for payments. Please try a different plan or contact support.',
  voucher_invalid: 'Invalid voucher code',
  card_declined: 'Your card was declined.',
  card_invalid: 'Your card number is invalid.',
  subscription_not_found: 'Subscription not found',
  confirmation_required: 'Please type the exact project name to confirm.',
  not_an_upgrade: 'The selected plan is not an upgrade of the current plan.',
  not_a_downgrade: 'The selected plan is not a downgrade of the current plan.',
  subscription_canceled: 'This subscription has ended.',
  invoice_not_found: 'Invoice not found',
  admin_role_required: 'Only project Admins can manage its subscription.',
  installation_admin_required: 'Only an installation admin can change plans.',
  limit_files: 'This project has reached its plan file limit.',
  limit_storage: 'This project has reached its plan storage limit.',
  limit_users: 'This project has reached its plan user limit.',
  limit_reports: 'Monthly limit reached.',
  refresh_not_allowed: "This project's plan does not allow a refresh now.",
  idempotency_conflict: 'This payment is already being processed.',
  acc_unavailable: 'The Autodesk Construction Cloud import is not set up on this installation.',
  checkout_required: "This installation takes payments on Stripe's checkout page: continue to checkout.",
  checkout_not_found: 'Checkout session not found',
  webhook_signature_invalid: 'Webhook signature verification failed.',
  provider_unavailable: 'The payment provider did not answer. Please try again in a moment.',
} satisfies Record<BillingErrorCode, string>;

export const BillingError = defineErrors('BillingError', table);
