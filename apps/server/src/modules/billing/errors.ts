import type { BillingErrorCode, ContractsMessageId } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

/** Billing's codes (the list lives in packages/contracts); messages are the spec's where it has one (spec 3 §8, spec 1 §8). */
const table = {
  billing_disabled: 'error.billing_disabled',
  tier_not_found: 'error.tier_not_found',
  tier_not_configured: 'error.tier_not_configured',
  voucher_invalid: 'error.voucher_invalid',
  card_declined: 'error.card_declined',
  card_invalid: 'error.card_invalid',
  subscription_not_found: 'error.subscription_not_found',
  confirmation_required: 'error.confirmation_required',
  not_an_upgrade: 'error.not_an_upgrade',
  not_a_downgrade: 'error.not_a_downgrade',
  subscription_canceled: 'error.subscription_canceled',
  plan_estimate_expired: 'error.plan_estimate_expired',
  invoice_not_found: 'error.invoice_not_found',
  invoice_not_open: 'error.invoice_not_open',
  admin_role_required: 'error.admin_role_required.billing',
  installation_admin_required: 'error.installation_admin_required',
  limit_files: 'error.limit_files',
  limit_storage: 'error.limit_storage',
  limit_users: 'error.limit_users',
  limit_reports: 'error.limit_reports',
  refresh_not_allowed: 'error.refresh_not_allowed',
  idempotency_conflict: 'error.idempotency_conflict',
  acc_unavailable: 'error.acc_unavailable',
  checkout_required: 'error.checkout_required',
  checkout_not_found: 'error.checkout_not_found',
  webhook_signature_invalid: 'error.webhook_signature_invalid',
  provider_unavailable: 'error.provider_unavailable',
} satisfies Record<BillingErrorCode, ContractsMessageId>;

export const BillingError = defineErrors('BillingError', table);
