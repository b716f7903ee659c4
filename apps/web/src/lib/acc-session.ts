import type { AccSessionCleanupReason } from '@plumbline/contracts';
import { API_BASE } from './api/base';
import { apiPath } from './api/paths';

// The stored ACC session context (spec 1 §4), apart from lib/acc.ts: every page's clean-up
// (use-acc-session-cleanup.ts) needs only this, not the ACC screens' calls and schemas.

export const SESSION_TTL_MS = 30 * 60_000;
export const ACC_SESSION_KEYS = {
  context: 'oauth_flow_context',
  projectId: 'project_id',
  returnPath: 'oauth_return_path',
  sessionId: 'oauth_session_id',
  timestamp: 'oauth_flow_timestamp',
} as const;
const KEYS = ACC_SESSION_KEYS;
const storage = accSessionStorage;

export type AccFlowContext = 'project_creation' | 'project_reconnect';

export function accSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function newAccSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The stored session id, or null when none is stored or it is older than 30 minutes (then it is cleared). */
export function storedAccSession(now = Date.now()): string | null {
  const store = storage();
  const id = store?.getItem(KEYS.sessionId);
  const at = Number(store?.getItem(KEYS.timestamp) ?? 0);
  if (!id) return null;
  if (!at || now - at > SESSION_TTL_MS) {
    clearAccSession();
    return null;
  }
  return id;
}

export function clearAccSession(): void {
  const store = storage();
  for (const key of Object.values(KEYS)) store?.removeItem(key);
}

/**
 * The page is leaving for Autodesk's sign-in or Stripe's checkout and comes back: its unload is not
 * the end of the import, so the page-unload clean-up leaves the session alone.
 */
let handingOver = false;
export function markAccHandOver(): void {
  handingOver = true;
}
export function isAccHandOver(): boolean {
  return handingOver;
}

/**
 * Spec 1 §4 ACC session clean-up (page unload, navigation away, an error): forgets the stored session
 * and asks the server to delete it. A keepalive request, so it is sent even as the page goes away;
 * failures are only warned (the server's one-hour timer deletes it anyway).
 */
export function cleanUpAccSession(reason: AccSessionCleanupReason): void {
  const sessionId = storage()?.getItem(KEYS.sessionId);
  clearAccSession();
  if (!sessionId) return;
  const path = apiPath('/acc/sessions/{sessionId}', { path: { sessionId }, query: { reason } });
  fetch(`${API_BASE}${path}`, { method: 'DELETE', credentials: 'same-origin', keepalive: true }).catch(
    (error: unknown) => console.warn('Could not clean up the ACC session', error),
  );
}
