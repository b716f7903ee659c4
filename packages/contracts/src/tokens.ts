import { z } from 'zod';

/**
 * API tokens (decision 0266): personal tokens act as their owner, project tokens as the Admin who made
 * them within one project. A token's reach is the owner's role within its scope; each scope includes
 * the ones before it.
 */
export const apiTokenScopeSchema = z.enum(['read', 'write', 'admin']);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** A token lives at most a year; the default offered is 90 days. */
export const API_TOKEN_MAX_DAYS = 365;
/** The prefixes that say what a token is, in logs and secret scanners, without the secret. */
export const API_TOKEN_PREFIX = { personal: 'plb_pat_', project: 'plb_prj_' } as const;

export const createApiTokenBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.token.name').max(100, 'validation.token.nameTooLong'),
  scope: apiTokenScopeSchema,
  expires_in_days: z.coerce
    .number()
    .int()
    .min(1, 'validation.token.minDays')
    .max(API_TOKEN_MAX_DAYS, 'validation.token.maxDays'),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

export const apiTokenSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(['personal', 'project']),
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** The kind prefix and the secret's first characters, to tell tokens apart (never the secret). */
  hint: z.string(),
  project_id: z.string().uuid().nullable(),
  created_by: z.object({ id: z.string().uuid(), email: z.string(), full_name: z.string() }),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** active, expired or revoked, as of the answer. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The one answer that holds the secret: shown once, never stored or shown again. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const tokenErrorCodes = ['token_not_found'] as const;
export type TokenErrorCode = (typeof tokenErrorCodes)[number];
