import {
  meResponseSchema,
  type SignInBody,
  type SignUpBody,
  sessionResponseSchema,
  type User,
} from '@plumbline/contracts';
import { apiRequest, isApiRequestError } from '@/lib/api';

/** The signed-in user, or null when there is no valid session cookie. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    const { user } = await apiRequest('/auth/me', {
      schema: meResponseSchema,
      signal,
      redirectOnUnauthorized: false,
    });
    return user;
  } catch (error) {
    if (isApiRequestError(error) && error.isUnauthorized) return null;
    throw error;
  }
}

export async function signIn(body: SignInBody): Promise<User> {
  const session = await apiRequest('/auth/login', {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
    redirectOnUnauthorized: false,
  });
  return session.user;
}

export async function signUp(body: SignUpBody): Promise<User> {
  const session = await apiRequest('/auth/signup', {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
    redirectOnUnauthorized: false,
  });
  return session.user;
}

/** Ends the session. A 401 means it had already ended, which is what signing out wants anyway. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST', redirectOnUnauthorized: false });
  } catch (error) {
    if (isApiRequestError(error) && error.isUnauthorized) return;
    throw error;
  }
}
