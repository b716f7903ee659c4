import type { AuthErrorCode } from '@plumbline/contracts';
import { defineErrors, type ErrorSpec } from '../../platform/errors';

const table = {
  invalid_credentials: { status: 401, message: 'Invalid email or password' },
  weak_password: { status: 400, message: 'This password is too easy to guess.' },
  unauthenticated: { status: 401, message: 'Authentication required. Please log in again.' },
  too_many_attempts: { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  verification_invalid: {
    status: 400,
    message: 'This verification link is not valid or has already been used.',
  },
  verification_expired: {
    status: 410,
    message: 'This verification link has expired. Sign in to get a new one.',
  },
} satisfies Record<AuthErrorCode, ErrorSpec>;

export const AuthError = defineErrors('AuthError', table);
