import { z } from 'zod';

/**
 * Autodesk Construction Cloud (spec 1 §2.1, §3, §8; spec 2 §4, §7): the wizard's Connect, Select Project
 * and Files steps, project refresh and re-authorisation. The browser never holds an Autodesk token
 * except the short-lived viewer token (spec 3 §7).
 */

/**
 * A browser-generated id for one connection attempt (spec 1 §3 oauthSessionId), as a call names the
 * session it uses: any text up to 100 characters. One the server does not know, or one past its 30
 * minutes, is answered 401 `session_not_found`: a missing session is not a malformed request, and
 * the web's reconnect flow keys on that code (issue 37 item 5).
 */
export const accSessionIdSchema = z
  .string()
  .trim()
  .min(1, 'error.session_not_found')
  .max(100, 'error.session_not_found');

/**
 * The id the browser proposes when it starts a connection (initiate_company_auth): 16 to 100
 * characters, so that it cannot be guessed (the browser sends 32 random base64url characters).
 */
export const newAccSessionIdSchema = z
  .string()
  .trim()
  .min(16, 'validation.acc.sessionIdLength')
  .max(100, 'validation.acc.sessionIdLength');

/** Why the browser cleans up its Autodesk session (spec 1 §4): only for the server's log. */
export const accSessionCleanupReasonSchema = z.enum([
  'page_unload',
  'navigation',
  'error',
  'processing_complete',
]);
export type AccSessionCleanupReason = z.infer<typeof accSessionCleanupReasonSchema>;

export const accConfigSchema = z.object({
  /** Whether this installation has an Autodesk app configured (APS_CLIENT_ID and friends). */
  enabled: z.boolean(),
});
export type AccConfig = z.infer<typeof accConfigSchema>;

export const accSessionStatusSchema = z.object({
  session_id: z.string(),
  /** valid: connected and usable; invalid: expired, invalidated, or never connected. */
  status: z.enum(['valid', 'invalid']),
  connected_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type AccSessionStatus = z.infer<typeof accSessionStatusSchema>;

export const hubTypeSchema = z.enum(['ACC', 'BIM 360']);
export const accHubSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  type: hubTypeSchema,
});
export type AccHub = z.infer<typeof accHubSchema>;

export const accProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  lastModified: z.string().nullable(),
});
export type AccProject = z.infer<typeof accProjectSchema>;

export const accFileVersionSchema = z.object({ id: z.string(), size: z.number().int().nonnegative() });
export const accFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Human-readable total size of every version (spec 1 §3 'size'). */
  size: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  latestSize: z.number().int().nonnegative(),
  versionCount: z.number().int().nonnegative(),
  type: z.enum(['ifc', 'rvt']),
  versions: z.array(accFileVersionSchema),
  allVersionIds: z.array(z.string()),
});
export type AccFile = z.infer<typeof accFileSchema>;

export const accHubsResponseSchema = z.object({ hubs: z.array(accHubSchema) });
export const accProjectsResponseSchema = z.object({ projects: z.array(accProjectSchema) });
export const accFilesResponseSchema = z.object({ files: z.array(accFileSchema) });

export const accSessionQuerySchema = z.object({ oauth_session_id: accSessionIdSchema });
export const accHubParamsSchema = z.object({ hubId: z.string().min(1).max(200) });
export const accHubProjectParamsSchema = accHubParamsSchema.extend({
  projectId: z.string().min(1).max(200),
});

export const invalidateAccSessionBodySchema = z.object({
  session_id: accSessionIdSchema,
  reason: z.string().trim().max(200).optional(),
});

/** What the wizard sends to import from ACC (spec 1 §7 project-creation mutation). */
export const accSelectionSchema = z.object({
  accHubId: z.string().min(1).max(200),
  accProjectUrnId: z.string().min(1).max(200),
  temporaryAccSessionId: accSessionIdSchema,
  selectedFileIds: z.array(z.string().min(1).max(300)).min(1, 'validation.acc.selectFiles').max(500),
});
export type AccSelection = z.infer<typeof accSelectionSchema>;

/** POST /projects/from-acc (spec 2 §7), used when this installation sells no plans. */
export const createProjectFromAccBodySchema = accSelectionSchema.extend({
  projectName: z
    .string()
    .trim()
    .min(1, 'validation.project.nameRequired')
    .max(255, 'validation.project.nameTooLong'),
  projectDescription: z.string().trim().max(1000, 'validation.description.tooLong').optional().default(''),
});
export type CreateProjectFromAccBody = z.input<typeof createProjectFromAccBodySchema>;

/** The ACC module's error codes (apps/server modules/acc/errors.ts maps each to a status and message). */
export const accErrorCodes = [
  'not_configured', // 404 APS_* unset
  'unauthorized', // 401 Autodesk refused the token (spec 1 §8 check, 401)
  'forbidden', // 403 spec 1 §8 check, 403
  'not_found', // 404 spec 1 §8 check, 404
  'unavailable', // 502 spec 1 §8 check, other
  'session_not_found', // 401 the wizard's Autodesk session is gone or past 30 minutes
  'session_in_use', // 409 the session id belongs to another user
  'state_invalid', // 400 the callback's state or PKCE verifier did not match
  'unknown_file', // 400 a chosen file is no longer in the ACC project
  'selection_invalid', // 400 the chosen files exceed the plan's limits
  'reauth_required', // 401 Autodesk refused the refresh token: sign in again (spec 2 §4)
  'not_linked', // 404 the project does not import from ACC
  'not_acc_file', // 404 the file was not imported from ACC
  'aps_callback_invalid', // 400 an APS webhook callback that is not one
  'aps_signature_invalid', // 401 an APS webhook callback whose x-adsk-signature does not verify
] as const;
export type AccErrorCode = (typeof accErrorCodes)[number];

/** Codes that mean the Autodesk connection needs renewing (the browser's reconnect flow, spec 2 §4). */
export const ACC_AUTH_ERROR_CODES: readonly AccErrorCode[] = ['unauthorized', 'reauth_required'];

/**
 * The ACC messages of spec 1 §8 ('ACC project check' by status) and spec 2 §8, as codes: the web
 * renders each from its catalogue in the reader's language (issue 31); the contract holds no sentence.
 */
export const ACC_MESSAGE_CODES = [
  'check401',
  'check403',
  'check404',
  'checkOther',
  'connectionError',
  'noHubs',
  'noProjectsMatching',
  'noProjects',
  'noFiles',
  'sessionNotFound',
  'sessionExpired',
  'selectProject',
] as const;
export type AccMessageCode = (typeof ACC_MESSAGE_CODES)[number];

/** The spec 1 §8 message code for an ACC project check that answered `status`. */
export function accCheckMessage(status: number): AccMessageCode {
  if (status === 401) return 'check401';
  if (status === 403) return 'check403';
  if (status === 404) return 'check404';
  return 'checkOther';
}

export const viewerTokenResponseSchema = z.object({ access_token: z.string(), expires_in: z.number() });
export const modelUrnResponseSchema = z.object({ urn: z.string() });
export const tokenRefreshResponseSchema = z.object({ refreshed: z.boolean(), expires_at: z.string() });
