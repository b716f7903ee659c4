import { z } from 'zod';

/**
 * Outbound project webhooks (issue 30 item 6, decision 0291): an Admin points a project at a URL; each
 * stored version comparison is POSTed there, signed with the hook's own secret, retried with backoff,
 * and every attempt is kept in the hook's delivery log. `json` is Plumbline's payload
 * (`versionComparedEventSchema`); `slack` is the body a Slack incoming webhook takes as is; `teams` the Adaptive Card message a
 * Microsoft Teams incoming webhook (or a Teams Workflows webhook) takes as is (decision 0361).
 */

export const webhookFormatSchema = z.enum(['json', 'slack', 'teams']);
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

/** Header names of a delivery (the signature: hex HMAC-SHA256 of `${timestamp}.${body}` with the hook's secret). */
export const WEBHOOK_HEADERS = {
  event: 'x-plumbline-event',
  delivery: 'x-plumbline-delivery',
  timestamp: 'x-plumbline-timestamp',
  signature: 'x-plumbline-signature',
} as const;
/** The signature header's value: `sha256=<hex>`. */
export const WEBHOOK_SIGNATURE_PREFIX = 'sha256=';

export const webhookEventSchema = z.enum(['version.compared', 'ping']);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(2000, 'validation.webhook.urlTooLong')
  .url('validation.webhook.urlInvalid')
  .refine((value) => /^https?:\/\//i.test(value), 'validation.webhook.urlScheme');

export const createWebhookBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.webhook.name').max(100, 'validation.webhook.nameTooLong'),
  url: httpUrl,
  format: webhookFormatSchema.default('json'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The receiver's origin only: the full URL can itself be a credential (Slack's are). */
  url_host: z.string(),
  format: webhookFormatSchema,
  created_at: z.string(),
  last_delivery: z.object({ status: z.enum(['pending', 'delivered', 'failed']), at: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookListResponse = z.infer<typeof webhookListResponseSchema>;

/** The answer to creating a hook: the only time its signing secret is shown. */
export const createWebhookResponseSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;

export const webhookParamsSchema = z.object({
  projectId: z.string().uuid('error.project_not_found'),
  webhookId: z.string().uuid('error.webhook_not_found'),
});
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({
  deliveryId: z.string().uuid('error.webhook_delivery_not_found'),
});

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out, address not allowed). */
  status_code: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string().uuid(),
  event: webhookEventSchema,
  status: z.enum(['pending', 'delivered', 'failed']),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponseSchema>;
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponseSchema>;

/** The `json` format's body for a stored comparison (documented in the server README). */
export const versionComparedEventSchema = z.object({
  event: z.literal('version.compared'),
  /** Stable per comparison: a receiver can drop a repeat (a re-send carries the same id). */
  id: z.string(),
  occurred_at: z.string(),
  project: z.object({ id: z.string().uuid(), name: z.string() }),
  file: z.object({ id: z.string().uuid(), name: z.string() }),
  version: z.object({ id: z.string().uuid(), tag: z.string() }),
  previous_version: z.object({ id: z.string().uuid(), tag: z.string() }),
  cause: z.enum(['processed', 'rechecked', 'recompared']),
  counts: z.object({
    new: z.number().int(),
    resolved: z.number().int(),
    removed: z.number().int(),
    persisting: z.number().int(),
    /** Findings of the version an approved waiver covers, in none of the kinds above (decision 0370). */
    waived: z.number().int(),
  }),
  elements: z.object({
    matched_by_global_id: z.number().int(),
    matched_by_content: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
  }),
  /** The summary as a message id with its parameters, and rendered in English. */
  message: z.object({
    id: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    text: z.string(),
  }),
  links: z.object({ changes: z.string(), project: z.string() }),
});
export type VersionComparedEvent = z.infer<typeof versionComparedEventSchema>;

/** Who of a project's members gets a mail when a version's comparison is stored (their own choice). */
export const changeMailSchema = z.enum(['every', 'regressions', 'none']);
export type ChangeMail = z.infer<typeof changeMailSchema>;

export const projectMailSettingSchema = z.object({
  project_id: z.string().uuid(),
  changes: changeMailSchema,
});
export const projectMailSettingsResponseSchema = z.object({ projects: z.array(projectMailSettingSchema) });
export type ProjectMailSetting = z.infer<typeof projectMailSettingSchema>;
export type ProjectMailSettingsResponse = z.infer<typeof projectMailSettingsResponseSchema>;
export const updateProjectMailBodySchema = z.object({ changes: changeMailSchema });
