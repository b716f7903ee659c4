import { defineErrors } from '../../platform/errors';

export const AuthError = defineErrors('AuthError', {
  invalid_credentials: { status: 401, message: 'Invalid email or password' },
  weak_password: { status: 400, message: 'This password is too easy to guess.' },
  email_taken: { status: 409, message: 'An account with this email address already exists' },
  unauthenticated: { status: 401, message: 'Authentication required. Please log in again.' },
  too_many_attempts: { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
});
