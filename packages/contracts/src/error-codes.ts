import type { AccErrorCode } from './acc';
import type { AuthErrorCode } from './auth';
import type { BillingErrorCode } from './billing';
import type { MemberErrorCode } from './members';
import type { ProfileErrorCode } from './profile';
import type { ReportErrorCode } from './reports';
import type { TokenErrorCode } from './tokens';
import { FRAGMENTS_FAILED, FRAGMENTS_NOT_READY } from './viewer';
import type { WaiverErrorCode } from './waivers';

/**
 * Every error code the API sends, with its one HTTP status. The server's error classes take the
 * status from here (apps/server platform/errors.ts), so a code answers the same status from every
 * module; the web switches on these codes. A module's own list names which of them it throws.
 */
export const ERROR_STATUS = {
  // The HTTP layer's (no module owns them).
  validation_failed: 400,
  malformed_json: 400,
  bad_request: 400,
  body_too_large: 413,
  unsupported_media_type: 415,
  unauthenticated: 401,
  email_unverified: 403,
  admin_required: 403,
  cross_site_request: 403,
  token_scope_insufficient: 403,
  token_project_only: 403,
  session_required: 403,
  not_found: 404,
  internal_error: 500,

  // A file and the version a read looks at (bimfiles' requireCheckedVersion, decision 0179).
  file_not_found: 404,
  version_not_found: 404,
  no_processed_version: 409,
  version_not_processed: 409,

  // Uploads (bimfiles, idsfiles).
  file_missing: 400,
  not_multipart: 400,
  invalid_name: 400,
  not_ifc: 400,
  invalid_ids: 400,
  file_too_large: 413,
  ids_file_not_found: 404,
  ids_revision_suggested: 409,
  ids_file_superseded: 409,

  // Projects and roles.
  project_not_found: 404,
  editor_role_required: 403,
  admin_role_required: 403,
  demo_read_only: 403,

  // Project webhooks.
  webhook_not_found: 404,
  webhook_delivery_not_found: 404,
  webhook_address_not_allowed: 400,

  // Compliance, elements, metadata, attributes.
  specification_not_found: 404,
  element_not_found: 404,
  no_data_to_export: 409,
  export_rate_limited: 429,
  attribute_not_found: 404,
  specification_inactive: 409,
  already_required: 409,
  ids_file_changed: 409,
  invalid_requirement: 400,

  // Viewer.
  [FRAGMENTS_NOT_READY]: 409,
  [FRAGMENTS_FAILED]: 422,

  // Project files (refresh).
  refresh_cooldown: 429,
  selection_invalid: 400,
  unknown_file: 400,
  acc_unreachable: 409,

  // Auth.
  invalid_credentials: 401,
  weak_password: 400,
  too_many_attempts: 429,
  verification_invalid: 400,
  verification_expired: 410,
  password_sign_in_disabled: 403,
  sso_not_configured: 404,

  // ACC.
  not_configured: 404,
  unauthorized: 401,
  forbidden: 403,
  unavailable: 502,
  session_not_found: 401,
  session_in_use: 409,
  state_invalid: 400,
  reauth_required: 401,
  not_linked: 404,
  not_acc_file: 404,
  aps_callback_invalid: 400,
  aps_signature_invalid: 401,

  // Billing.
  billing_disabled: 404,
  acc_unavailable: 400,
  tier_not_found: 404,
  tier_not_configured: 400,
  voucher_invalid: 400,
  card_declined: 402,
  card_invalid: 400,
  subscription_not_found: 404,
  confirmation_required: 400,
  not_an_upgrade: 400,
  not_a_downgrade: 400,
  subscription_canceled: 409,
  plan_estimate_expired: 409,
  invoice_not_found: 404,
  invoice_not_open: 409,
  installation_admin_required: 403,
  limit_files: 403,
  limit_storage: 403,
  limit_users: 403,
  limit_reports: 403,
  refresh_not_allowed: 403,
  idempotency_conflict: 409,
  checkout_required: 400,
  checkout_not_found: 404,
  webhook_signature_invalid: 400,
  provider_unavailable: 502,

  // Members.
  already_member: 409,
  already_invited: 409,
  member_not_found: 404,
  admin_protected: 403,
  owner_protected: 403,
  owner_only: 403,
  not_an_admin: 400,
  invitation_not_found: 404,
  invitation_expired: 410,

  // Profile.
  avatar_invalid: 400,
  avatar_too_large: 413,
  profile_not_found: 404,

  // Reports.
  report_not_found: 404,
  no_files: 400,
  report_in_progress: 409,
  report_failed: 409,
  download_rate_limited: 429,
  download_link_invalid: 403,
  bcf_one_file: 400,

  // IDS Studio.
  live_check_unavailable: 503,
  // History (comparisons of versions).
  comparison_unavailable: 409,
  // API tokens.
  token_not_found: 404,
  // Waivers.
  waiver_not_found: 404,
  waiver_not_pending: 409,
  waiver_own_request: 403,
  waiver_expiry_invalid: 400,
  waiver_nothing_to_waive: 400,
  waiver_element_needed: 400,
  waiver_export_too_large: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The HTTP status of a code: one per code, whichever module sends it. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

/** The codes that answer "no checked version to read" (decision 0179): every module sends these. */
export const versionLookupErrorCodes = [
  'file_not_found',
  'version_not_found',
  'no_processed_version',
  'version_not_processed',
] as const satisfies readonly ErrorCode[];
export type VersionLookupErrorCode = (typeof versionLookupErrorCodes)[number];

// Each module's codes: the server's table for the module must list exactly these (a `satisfies`
// there), and the web narrows on them.
export const httpErrorCodes = [
  'validation_failed',
  'malformed_json',
  'bad_request',
  'body_too_large',
  'unsupported_media_type',
  'unauthenticated',
  'email_unverified',
  'admin_required',
  'cross_site_request',
  'token_scope_insufficient',
  'token_project_only',
  'session_required',
  'not_found',
  'internal_error',
] as const satisfies readonly ErrorCode[];
export type HttpErrorCode = (typeof httpErrorCodes)[number];

export const bimFileErrorCodes = [
  ...versionLookupErrorCodes,
  'file_missing',
  'not_multipart',
  'invalid_name',
  'not_ifc',
  'file_too_large',
] as const satisfies readonly ErrorCode[];
export type BimFileErrorCode = (typeof bimFileErrorCodes)[number];

export const idsFileErrorCodes = [
  'file_missing',
  'not_multipart',
  'invalid_name',
  'invalid_ids',
  'file_too_large',
  'ids_file_not_found',
  'ids_revision_suggested',
  'ids_file_superseded',
] as const satisfies readonly ErrorCode[];
export type IdsFileErrorCode = (typeof idsFileErrorCodes)[number];

export const idsStudioErrorCodes = [
  ...versionLookupErrorCodes,
  'live_check_unavailable',
] as const satisfies readonly ErrorCode[];
export type IdsStudioErrorCode = (typeof idsStudioErrorCodes)[number];

export const projectErrorCodes = [
  'project_not_found',
  'editor_role_required',
  'admin_role_required',
  'demo_read_only',
] as const satisfies readonly ErrorCode[];
export type ProjectErrorCode = (typeof projectErrorCodes)[number];

// The specification list reads a file's version leniently (a version still processing lists without
// figures), so it answers the lookup's 404s itself.
export const complianceErrorCodes = [
  'file_not_found',
  'version_not_found',
  'specification_not_found',
] as const satisfies readonly ErrorCode[];
export type ComplianceErrorCode = (typeof complianceErrorCodes)[number];

export const elementErrorCodes = ['element_not_found'] as const satisfies readonly ErrorCode[];
export type ElementErrorCode = (typeof elementErrorCodes)[number];

export const metadataErrorCodes = [
  'element_not_found',
  'no_data_to_export',
  'export_rate_limited',
] as const satisfies readonly ErrorCode[];
export type MetadataErrorCode = (typeof metadataErrorCodes)[number];

export const attributeErrorCodes = [
  'file_not_found',
  'version_not_found',
  'specification_not_found',
  'attribute_not_found',
  'specification_inactive',
  'already_required',
  'ids_file_changed',
  'invalid_requirement',
] as const satisfies readonly ErrorCode[];
export type AttributeErrorCode = (typeof attributeErrorCodes)[number];

export const viewerErrorCodes = [
  FRAGMENTS_NOT_READY,
  FRAGMENTS_FAILED,
] as const satisfies readonly ErrorCode[];
export type ViewerErrorCode = (typeof viewerErrorCodes)[number];

export const projectFilesErrorCodes = [
  'refresh_cooldown',
  'selection_invalid',
  'acc_unreachable',
  'unknown_file',
  'file_not_found',
  'ids_file_not_found',
] as const satisfies readonly ErrorCode[];
export type ProjectFilesErrorCode = (typeof projectFilesErrorCodes)[number];

/** The modules whose code lists live beside their schemas; each must be a subset of ERROR_STATUS. */
export type ModuleErrorCode =
  | AccErrorCode
  | AuthErrorCode
  | BillingErrorCode
  | MemberErrorCode
  | ProfileErrorCode
  | ReportErrorCode
  | TokenErrorCode
  | WaiverErrorCode;
// A code listed there but missing from the table above fails this line at compile time.
export const everyModuleCodeHasAStatus: Record<ModuleErrorCode, number> = ERROR_STATUS;

export const historyErrorCodes = [
  ...versionLookupErrorCodes,
  'comparison_unavailable',
] as const satisfies readonly ErrorCode[];
export type HistoryErrorCode = (typeof historyErrorCodes)[number];

export const webhookErrorCodes = [
  'webhook_not_found',
  'webhook_delivery_not_found',
  'webhook_address_not_allowed',
] as const satisfies readonly ErrorCode[];
export type WebhookErrorCode = (typeof webhookErrorCodes)[number];
