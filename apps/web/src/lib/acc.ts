import {
  ACC_AUTH_ERROR_CODES,
  type AccFile,
  type AccHub,
  type AccMessageCode,
  type AccProject,
  type AccSessionStatus,
  accCheckMessage,
  accConfigSchema,
  accFilesResponseSchema,
  accHubsResponseSchema,
  accProjectsResponseSchema,
  accSessionStatusSchema,
} from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiRequestError, apiRequest, errorCodeOf } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import type { MessageId } from '@/lib/i18n';
import { apiPath, apiUrl } from './api/paths';

/**
 * The browser's side of the Autodesk connection (spec 1 §4 'ACC session context', spec 3 §7 reconnect
 * context): which session the wizard uses, kept in sessionStorage for at most 30 minutes, and the calls
 * the Connect, Select Project and Files steps make. Tokens never reach the browser.
 */
export type { AccFlowContext } from './acc-session';
export {
  cleanUpAccSession,
  clearAccSession,
  isAccHandOver,
  markAccHandOver,
  newAccSessionId,
  SESSION_TTL_MS,
  storedAccSession,
} from './acc-session';

import {
  type AccFlowContext,
  ACC_SESSION_KEYS as KEYS,
  markAccHandOver,
  newAccSessionId,
  accSessionStorage as storage,
} from './acc-session';

/**
 * Leaves the app for Autodesk's sign-in (spec 1 §7: a browser form GET with the hidden field
 * session_id), after storing the flow context for the way back.
 */
export function startAccSignIn(
  context: AccFlowContext,
  extra: { projectId?: string; returnPath?: string } = {},
) {
  const sessionId = newAccSessionId();
  const store = storage();
  store?.setItem(KEYS.context, context);
  store?.setItem(KEYS.sessionId, sessionId);
  store?.setItem(KEYS.timestamp, String(Date.now()));
  markAccHandOver();
  if (extra.projectId) store?.setItem(KEYS.projectId, extra.projectId);
  if (extra.returnPath) store?.setItem(KEYS.returnPath, extra.returnPath);
  const form = document.createElement('form');
  form.method = 'GET';
  form.action = `${API_BASE}/acc/initiate_company_auth`;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'session_id';
  field.value = sessionId;
  form.append(field);
  document.body.append(form);
  form.submit();
}

/** Spec 2 §7: after a failed token refresh, re-authorise the project's connection with Autodesk. */
export function reauthoriseProject(projectId: string): void {
  const store = storage();
  store?.setItem(KEYS.context, 'project_reconnect');
  store?.setItem(KEYS.projectId, projectId);
  store?.setItem(KEYS.returnPath, window.location.pathname + window.location.search);
  store?.setItem(KEYS.timestamp, String(Date.now()));
  markAccHandOver();
  window.location.assign(apiUrl('/auth/aps/login/{projectId}', { path: { projectId } }));
}

export function useAccConfig() {
  const { readOnly } = useDataSource();
  return useQuery({
    queryKey: ['acc', 'config'],
    queryFn: () => apiRequest(apiPath('/acc/config'), { schema: accConfigSchema }),
    enabled: !readOnly,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** React-query keys of the ACC lists: the Select Project step, the Details check and the Files step share them. */
export const accKeys = {
  hubs: (session: string) => ['acc', session, 'hubs'] as const,
  projects: (session: string, hub: string) => ['acc', session, 'hubs', hub, 'projects'] as const,
  files: (session: string, hub: string, project: string) =>
    ['acc', session, 'hubs', hub, 'projects', project, 'files'] as const,
};

const quiet = { redirectOnUnauthorized: false } as const;
const session = (sessionId: string) => ({ oauth_session_id: sessionId });

export async function accSessionStatus(sessionId: string): Promise<AccSessionStatus> {
  return apiRequest(apiPath('/acc/sessions/{sessionId}', { path: { sessionId } }), {
    schema: accSessionStatusSchema,
    ...quiet,
  });
}

export async function invalidateAccSession(sessionId: string, reason: string): Promise<void> {
  try {
    await apiRequest(apiPath('/oauth/invalidate-session'), {
      method: 'POST',
      body: { session_id: sessionId, reason },
      ...quiet,
    });
  } catch (error) {
    // Spec 1 §7: failures are only warned.
    console.warn('Could not invalidate the ACC session', error);
  }
}

export async function listHubs(sessionId: string): Promise<AccHub[]> {
  const path = apiPath('/acc/hubs', { query: session(sessionId) });
  return (await apiRequest(path, { schema: accHubsResponseSchema, ...quiet })).hubs;
}

export async function listAccProjects(sessionId: string, hubId: string): Promise<AccProject[]> {
  const path = apiPath('/acc/hubs/{hubId}/projects', { path: { hubId }, query: session(sessionId) });
  return (await apiRequest(path, { schema: accProjectsResponseSchema, ...quiet })).projects;
}

export async function listAccFiles(sessionId: string, hubId: string, projectId: string): Promise<AccFile[]> {
  const path = apiPath('/acc/hubs/{hubId}/projects/{projectId}/all-files', {
    path: { hubId, projectId },
    query: session(sessionId),
  });
  return (await apiRequest(path, { schema: accFilesResponseSchema, ...quiet })).files;
}

/**
 * The wizard's Autodesk session is unknown to the server or past its 30 minutes: the server's own
 * code for it (401 `session_not_found`), on which the reconnect flow keys (issue 37 item 5).
 */
export function isAccSessionGone(error: unknown): boolean {
  return errorCodeOf(error) === 'session_not_found';
}

/** The ACC messages' ids in the wizard's catalogue (its namespace must be loaded to render them). */
const ACC_MESSAGE_IDS: Record<AccMessageCode, MessageId> = {
  check401: 'wizard.acc.check401',
  check403: 'wizard.acc.check403',
  check404: 'wizard.acc.check404',
  checkOther: 'wizard.acc.checkOther',
  connectionError: 'wizard.acc.connectionError',
  noHubs: 'wizard.acc.noHubs',
  noProjectsMatching: 'wizard.acc.noProjectsMatching',
  noProjects: 'wizard.acc.noProjects',
  noFiles: 'wizard.acc.noFiles',
  sessionNotFound: 'wizard.acc.sessionNotFound',
  sessionExpired: 'wizard.acc.sessionExpired',
  selectProject: 'wizard.acc.selectProject',
};

/** The message id of an ACC message code (spec 1 §8, spec 2 §8), to render with `t`. */
export function accMessageId(code: AccMessageCode): MessageId {
  return ACC_MESSAGE_IDS[code];
}

/** The spec 1 §8 message id for a failed ACC project check; a gone session says to reconnect. */
export function accCheckError(error: unknown): MessageId {
  if (isAccSessionGone(error)) return accMessageId('sessionNotFound');
  return accMessageId(accCheckMessage(error instanceof ApiRequestError ? error.status : 0));
}

const NOT_AUTH_CODES = new Set([
  'unauthenticated',
  'refresh_not_allowed',
  'refresh_cooldown',
  'editor_role_required',
  'admin_role_required',
  'demo_read_only',
]);

/** Spec 2 §8: authentication-type errors, by status, words, or codes. */
export function isAuthError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  // Our own refusals that are not about the Autodesk connection.
  if (NOT_AUTH_CODES.has(error.code)) return false;
  if (error.status === 401 || error.status === 403) return true;
  if ((ACC_AUTH_ERROR_CODES as readonly string[]).includes(error.code)) return true;
  if (['AUTHENTICATION_FAILED', 'AUTH_FAILED'].includes(error.code)) return true;
  return /unauthori[sz]ed|token|oauth|forbidden|expired/i.test(error.message);
}

/** Spec 1 §4: a payment error mentioning Authentication or session forces the OAuth clean-up. */
export function mentionsAuthentication(error: unknown): boolean {
  return error instanceof Error && /authentication|session/i.test(error.message);
}
