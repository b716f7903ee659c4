import type { AuthErrorCode, ContractsMessageId } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

const table = {
  invalid_credentials: 'error.invalid_credentials',
  weak_password: 'error.weak_password',
  unauthenticated: 'error.unauthenticated',
  too_many_attempts: 'error.too_many_attempts',
  verification_invalid: 'error.verification_invalid',
  verification_expired: 'error.verification_expired',
  password_sign_in_disabled: 'error.password_sign_in_disabled',
  sso_not_configured: 'error.sso_not_configured',
} satisfies Record<AuthErrorCode, ContractsMessageId>;

export const AuthError = defineErrors('AuthError', table);
