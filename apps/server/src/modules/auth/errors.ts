import type { AuthErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

const table = {
  invalid_credentials: 'Invalid email or password',
  weak_password: 'This password is too easy to guess.',
  unauthenticated: 'Authentication required. Please log in again.',
  too_many_attempts: 'Too many attempts. Please wait a few minutes and try again.',
  verification_invalid: 'This verification link is not valid or has already been used.',
  verification_expired: 'This verification link has expired. Sign in to get a new one.',
  password_sign_in_disabled: 'Password sign-in is turned off here: sign in with single sign-on.',
  sso_not_configured: 'Single sign-on is not set up on this installation.',
} satisfies Record<AuthErrorCode, string>;

export const AuthError = defineErrors('AuthError', table);
