import { z } from 'zod';

/**
 * The audit trail (decision 0265): who changed a verdict, a rule or an access, when, and the before
 * and after. Entries are read by project Admins (their project's) and installation admins (all).
 */

/** The recorded actions a reader filters by, grouped as the Audit trail's filter lists them. */
export const AUDIT_ACTIONS = [
  'idsfile.uploaded',
  'idsfile.replaced',
  'idsfile.deleted',
  'idsfile.activated',
  'idsfile.deactivated',
  'idsfile.requirement_added',
  'attribute.recommendation_changed',
  'bimfile.version_uploaded',
  'bimfile.deleted',
  'member.added',
  'member.invited',
  'member.invitation_accepted',
  'member.invitation_declined',
  'member.invitation_revoked',
  'member.role_changed',
  'member.removed',
  'project.created',
  'project.updated',
  'project.deactivated',
  'project.ownership_transferred',
  'project.files_selected',
  'project.refreshed',
  'project.acc_reconnected',
  'plan.changed',
  'plan.canceled',
  'plan.reactivated',
  'plan.card_replaced',
  'plan.invoice_paid',
  'report.requested',
  'report.deleted',
  'waiver.requested',
  'waiver.approved',
  'waiver.rejected',
  'waiver.expired',
  'waiver.needs_review',
  'waiver.settings_changed',
  'token.created',
  'token.revoked',
  'sso.settings_changed',
  'user.signed_up',
  'user.signed_up_again',
  'user.sign_up_repeated',
  'user.email_verified',
  'user.sso_linked',
  'session.created',
  'session.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string().uuid(),
  /** Place in the chain; null for an entry written before the chain existed and not chained yet. */
  seq: z.number().int().nullable(),
  at: z.string(),
  action: z.string(),
  actor: z
    .object({ id: z.string().uuid(), email: z.string().nullable(), full_name: z.string().nullable() })
    .nullable(),
  project: z.object({ id: z.string().uuid(), name: z.string().nullable() }).nullable(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** What the action recorded; `before` and `after` hold the changed values where there are any. */
  details: z.record(z.string(), z.unknown()),
  hash: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.audit.day');

/** The filters of a list or an export: an action, part of the actor's e-mail, a range of days (UTC). */
export const auditQuerySchema = z.object({
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z_.]*$/, 'validation.audit.action')
    .optional(),
  actor: z.string().trim().max(254).optional(),
  from: day.optional(),
  /** Inclusive: entries of that whole day. */
  to: day.optional(),
  /** The `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const auditChainProblemSchema = z.object({
  seq: z.number().int().nullable(),
  id: z.string().uuid().nullable(),
  action: z.string().nullable(),
  at: z.string().nullable(),
  reason: z.enum(['entry_changed', 'link_broken', 'entry_missing', 'head_mismatch']),
  expected_seq: z.number().int().nullable(),
});
export type AuditChainProblem = z.infer<typeof auditChainProblemSchema>;

export const auditChainVerdictSchema = z.object({
  ok: z.boolean(),
  /** Entries whose hash was recomputed and held. */
  checked: z.number().int(),
  /** Entries written before the chain existed, chained with the next append. */
  unchained: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: z.string() }),
  first_bad: auditChainProblemSchema.nullable(),
});
export type AuditChainVerdict = z.infer<typeof auditChainVerdictSchema>;
