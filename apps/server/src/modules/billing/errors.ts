import type { BillingErrorCode } from '@plumbline/contracts';
import { defineErrors, type ErrorSpec } from '../../platform/errors';

/** Billing's codes (the list lives in packages/contracts); messages are the spec's where it has one (spec 3 §8, spec 1 §8). */
const table = {
  billing_disabled: { status: 404, message: 'This installation does not sell plans.' },
  tier_not_found: {
    status: 404,
    message: 'Plan selection error: The selected plan could not be found. Please try again.',
  },
  tier_not_configured: {
    status: 400,
    message:
      'Plan configuration error: The selected plan is not properly configured for payments. Please try a different plan or contact support.',
  },
  voucher_invalid: { status: 400, message: 'Invalid voucher code' },
  card_declined: { status: 402, message: 'Your card was declined.' },
  card_invalid: { status: 400, message: 'Your card number is invalid.' },
  subscription_not_found: { status: 404, message: 'Subscription not found' },
  confirmation_required: { status: 400, message: 'Please type the exact project name to confirm.' },
  not_an_upgrade: { status: 400, message: 'The selected plan is not an upgrade of the current plan.' },
  not_a_downgrade: { status: 400, message: 'The selected plan is not a downgrade of the current plan.' },
  subscription_canceled: { status: 409, message: 'This subscription has ended.' },
  invoice_not_found: { status: 404, message: 'Invoice not found' },
  admin_role_required: { status: 403, message: 'Only project Admins can manage its subscription.' },
  installation_admin_required: { status: 403, message: 'Only an installation admin can change plans.' },
  limit_files: { status: 403, message: 'This project has reached its plan file limit.' },
  limit_storage: { status: 403, message: 'This project has reached its plan storage limit.' },
  limit_users: { status: 403, message: 'This project has reached its plan user limit.' },
  limit_reports: { status: 403, message: 'Monthly limit reached.' },
  refresh_not_allowed: { status: 403, message: "This project's plan does not allow a refresh now." },
  idempotency_conflict: { status: 409, message: 'This payment is already being processed.' },
  acc_unavailable: {
    status: 400,
    message: 'The Autodesk Construction Cloud import is not set up on this installation.',
  },
  checkout_required: {
    status: 400,
    message: "This installation takes payments on Stripe's checkout page: continue to checkout.",
  },
  checkout_not_found: { status: 404, message: 'Checkout session not found' },
  webhook_signature_invalid: { status: 400, message: 'Webhook signature verification failed.' },
  provider_unavailable: {
    status: 502,
    message: 'The payment provider did not answer. Please try again in a moment.',
  },
} satisfies Record<BillingErrorCode, ErrorSpec>;

export const BillingError = defineErrors('BillingError', table);
