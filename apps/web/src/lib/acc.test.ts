import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accCheckError, isAccSessionGone, isAuthError, SESSION_TTL_MS, storedAccSession } from './acc';
import { ApiRequestError } from './api';
import { t } from './i18n';

/** Spec 1 §8's words, as the English catalogue must render them. */
const SPEC = {
  check401: 'Your Autodesk Construction Cloud session has expired. Please reconnect to ACC.',
  check403: 'Access denied to the selected project. Please select a different project or reconnect to ACC.',
  check404: 'The selected hub or project no longer exists. Please select a different project.',
  checkOther: 'Unable to access the selected project. Please try selecting it again or reconnect to ACC.',
  sessionNotFound: 'Authentication session not found. Please reconnect to Autodesk.',
};

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const apiError = (status: number, code: string, message = 'x') =>
  new ApiRequestError({ status, code, message });

describe('the stored ACC session (spec 1 §4)', () => {
  const original = globalThis.window;
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { sessionStorage: new MemoryStorage() };
  });
  afterEach(() => {
    (globalThis as { window?: unknown }).window = original;
  });

  it('is kept for 30 minutes from its timestamp, then cleared', () => {
    const store = window.sessionStorage;
    const start = 1_000_000;
    store.setItem('oauth_session_id', 'session-1');
    store.setItem('oauth_flow_timestamp', String(start));
    store.setItem('oauth_flow_context', 'project_creation');
    expect(storedAccSession(start + SESSION_TTL_MS)).toBe('session-1');
    expect(storedAccSession(start + SESSION_TTL_MS + 1)).toBeNull();
    expect(store.getItem('oauth_session_id')).toBeNull();
    expect(store.getItem('oauth_flow_context')).toBeNull();
  });

  it('counts a session without a timestamp as expired', () => {
    window.sessionStorage.setItem('oauth_session_id', 'session-2');
    expect(storedAccSession(5)).toBeNull();
  });
});

describe('authentication-type errors (spec 2 §8)', () => {
  it('are 401 or 403, the listed codes, or the listed words', () => {
    expect(isAuthError(apiError(401, 'unauthorized'))).toBe(true);
    expect(isAuthError(apiError(403, 'forbidden'))).toBe(true);
    expect(isAuthError(apiError(500, 'AUTHENTICATION_FAILED'))).toBe(true);
    expect(isAuthError(apiError(502, 'AUTH_FAILED'))).toBe(true);
    expect(isAuthError(apiError(502, 'unavailable', 'The OAuth token expired'))).toBe(true);
    expect(isAuthError(apiError(502, 'unavailable', 'Autodesk is down'))).toBe(false);
    expect(isAuthError(new Error('token'))).toBe(false);
  });

  it('leave out our own refusals that reconnecting to Autodesk cannot fix', () => {
    expect(isAuthError(apiError(403, 'refresh_not_allowed'))).toBe(false);
    expect(isAuthError(apiError(403, 'editor_role_required'))).toBe(false);
    expect(isAuthError(apiError(401, 'unauthenticated'))).toBe(false);
  });

  it('map an ACC check status to the spec 1 §8 message, an id rendered from the catalogue', () => {
    expect(accCheckError(apiError(401, 'unauthorized'))).toBe('wizard.acc.check401');
    expect(t(accCheckError(apiError(401, 'unauthorized')))).toBe(SPEC.check401);
    expect(t(accCheckError(apiError(403, 'forbidden')))).toBe(SPEC.check403);
    expect(t(accCheckError(apiError(404, 'not_found')))).toBe(SPEC.check404);
    expect(t(accCheckError(apiError(502, 'unavailable')))).toBe(SPEC.checkOther);
  });
});

describe('a gone ACC session (issue 37 item 5)', () => {
  it("is known by the server's code, not by its words", () => {
    expect(isAccSessionGone(apiError(401, 'session_not_found'))).toBe(true);
    // Words about a session in another error are not the reconnect signal.
    expect(isAccSessionGone(apiError(400, 'validation_failed', 'Authentication session not found.'))).toBe(
      false,
    );
    expect(isAccSessionGone(apiError(401, 'unauthorized'))).toBe(false);
    expect(isAccSessionGone(new Error('session'))).toBe(false);
  });

  it('says to reconnect where an ACC check fails on it', () => {
    expect(t(accCheckError(apiError(401, 'session_not_found')))).toBe(SPEC.sessionNotFound);
    expect(t(accCheckError(apiError(401, 'unauthorized')))).toBe(SPEC.check401);
  });
});
