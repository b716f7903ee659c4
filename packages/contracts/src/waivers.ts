import { z } from 'zod';

/**
 * Waivers (issue 32, decision 0268): a failure accepted on purpose, requested by an Editor with a
 * reason and an expiry, approved or rejected by a project Admin. An approved waiver makes the failures
 * it covers **waived**, a status of its own (the one status rule), on this and later versions of the
 * file, found again through the stable element and requirement keys.
 */
export const waiverScopeSchema = z.enum(['element', 'type', 'storey', 'specification']);
export type WaiverScope = z.infer<typeof waiverScopeSchema>;

export const waiverStateSchema = z.enum(['requested', 'approved', 'rejected', 'expired', 'needs_review']);
export type WaiverState = z.infer<typeof waiverStateSchema>;

/** A waiver lasts at most a year. */
export const WAIVER_MAX_DAYS = 365;
/** The most waivers one XLSX export writes; more matching the filters is refused (narrow them). */
export const WAIVER_EXPORT_MAX = 20_000;
/** The Waivers view's "expiring soon" filter. */
export const WAIVER_EXPIRING_DAYS = 30;

export const createWaiverBodySchema = z.object({
  file_id: z.string().uuid(),
  /** The version the requester looked at; default the file's newest checked version. */
  version_id: z.string().uuid().optional(),
  specification_id: z.string().uuid(),
  scope: waiverScopeSchema,
  /** The element (its viewer id, the STEP id on that version); needed for every scope but specification. */
  element_id: z.number().int().positive().optional(),
  /** The requirement facet (its index in the specification); absent: every requirement of the specification. */
  facet_index: z.number().int().min(0).optional(),
  reason: z.string().trim().min(1, 'validation.waiver.reason').max(2000, 'validation.waiver.reasonLong'),
  /** An ACC issue, a document or a link. */
  reference: z.string().trim().max(500, 'validation.waiver.referenceLong').optional(),
  /** The last day it applies (YYYY-MM-DD); at most WAIVER_MAX_DAYS from today. */
  expires_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.waiver.expiry'),
});
export type CreateWaiverBody = z.infer<typeof createWaiverBodySchema>;

export const decideWaiverBodySchema = z.object({
  note: z.string().trim().max(1000, 'validation.waiver.noteLong').optional(),
});
export type DecideWaiverBody = z.infer<typeof decideWaiverBodySchema>;

const personSchema = z.object({
  id: z.string().uuid(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
});

export const waiverSchema = z.object({
  id: z.string().uuid(),
  scope: waiverScopeSchema,
  state: waiverStateSchema,
  file: z.object({ id: z.string().uuid(), name: z.string() }),
  specification: z.object({ key: z.string(), name: z.string() }),
  /** The requirement facet's index when requested; null: every requirement of the specification. */
  facet_index: z.number().int().nullable(),
  /** The element's key, the type object's name or the storey's name; null for a specification. */
  subject: z.string().nullable(),
  /** The element as the requester saw it (GlobalId, name), or the type or storey name. */
  subject_label: z.string().nullable(),
  reason: z.string(),
  reference: z.string().nullable(),
  expires_at: z.string(),
  requested_by: personSchema,
  requested_at: z.string(),
  decided_by: personSchema.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  /** Findings it makes waived on the file's newest checked version. */
  waived_findings: z.number().int(),
});
export type Waiver = z.infer<typeof waiverSchema>;

export const waiverListQuerySchema = z.object({
  state: waiverStateSchema.optional(),
  specification_key: z.string().max(100).optional(),
  requester_id: z.string().uuid().optional(),
  file_id: z.string().uuid().optional(),
  /** Only waivers whose expiry falls within WAIVER_EXPIRING_DAYS (approved or needing review). */
  expiring: z.enum(['true', 'false']).optional(),
});
export type WaiverListQuery = z.infer<typeof waiverListQuerySchema>;

export const waiverListSchema = z.object({
  waivers: z.array(waiverSchema),
  /** Whether a project Admin may approve their own request (the project's setting). */
  self_approval: z.boolean(),
});
export type WaiverList = z.infer<typeof waiverListSchema>;

export const waiverSettingsSchema = z.object({ self_approval: z.boolean() });
export type WaiverSettings = z.infer<typeof waiverSettingsSchema>;

export const waiverErrorCodes = [
  'waiver_not_found',
  'waiver_not_pending',
  'waiver_own_request',
  'waiver_expiry_invalid',
  'waiver_nothing_to_waive',
  'waiver_element_needed',
  'waiver_export_too_large',
] as const;
export type WaiverErrorCode = (typeof waiverErrorCodes)[number];
