import {
  meResponseSchema,
  resendVerificationResponseSchema,
  SESSION_HINT_COOKIE,
  type SignInBody,
  type SignUpBody,
  type SignUpResponse,
  sessionResponseSchema,
  signUpResponseSchema,
  type User,
  type VerifyEmailResponse,
  verifyEmailResponseSchema,
} from '@plumbline/contracts';
import { apiRequest, isApiRequestError } from '@/lib/api';
import { getBrowserCookie, setBrowserCookie } from '@/lib/cookies';
import { followProfileLanguage } from '@/lib/i18n/store';
import { apiPath } from './api/paths';

/**
 * The signed-in user, or null when there is no valid session cookie. Without the session hint cookie
 * (set and cleared with the session, SESSION_HINT_COOKIE) there is no session, and /auth/me is not
 * asked: a signed-out visitor's pages make no request that is sure to fail (issue 21).
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  if (getBrowserCookie(SESSION_HINT_COOKIE) === undefined) return null;
  try {
    const { user } = await apiRequest(apiPath('/auth/me'), {
      schema: meResponseSchema,
      signal,
      redirectOnUnauthorized: false,
    });
    followProfileLanguage(user.language);
    return user;
  } catch (error) {
    if (isApiRequestError(error) && error.isUnauthorized) {
      // The session ended (expired or revoked) while the hint stayed: drop the hint too.
      setBrowserCookie(SESSION_HINT_COOKIE, '', { maxAge: 0 });
      return null;
    }
    throw error;
  }
}

export async function signIn(body: SignInBody): Promise<User> {
  const session = await apiRequest(apiPath('/auth/login'), {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
    redirectOnUnauthorized: false,
  });
  followProfileLanguage(session.user.language);
  return session.user;
}

/** Creates the account (unverified) and has its verification link mailed; does not sign in. */
export async function signUp(body: SignUpBody): Promise<SignUpResponse> {
  return apiRequest(apiPath('/auth/signup'), {
    method: 'POST',
    body,
    schema: signUpResponseSchema,
    redirectOnUnauthorized: false,
  });
}

/** Opens a verification link (its token). */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest(apiPath('/auth/verify-email'), {
    method: 'POST',
    body: { token },
    schema: verifyEmailResponseSchema,
    redirectOnUnauthorized: false,
  });
}

/** Mails the signed-in, unverified account a new link. */
export async function resendVerification(): Promise<string> {
  const answer = await apiRequest(apiPath('/auth/verification'), {
    method: 'POST',
    schema: resendVerificationResponseSchema,
  });
  return answer.message;
}

/** Ends the session. A 401 means it had already ended, which is what signing out wants anyway. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest(apiPath('/auth/logout'), { method: 'POST', redirectOnUnauthorized: false });
  } catch (error) {
    if (isApiRequestError(error) && error.isUnauthorized) return;
    throw error;
  }
}
