import { LOCALES } from '@plumbline/i18n/locales';
import { z } from 'zod';
import type { ContractsMessageId } from './messages';

/** A language Plumbline speaks (issue 31): a user's, a project's reports' and mails'. */
export const languageSchema = z.enum(LOCALES);

// Validation messages are message ids of this package's catalogue (src/messages): the server renders
// them in the request's language, the web's forms in the page's (docs/i18n.md).
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'validation.email.tooLong')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email.invalid');

export const passwordSchema = z
  .string()
  .min(12, 'validation.password.tooShort')
  .max(256, 'validation.password.tooLong');

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: z.string().trim().min(1, 'validation.fullName.required').max(255, 'validation.fullName.tooLong'),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.password.required').max(256, 'validation.password.tooLong'),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** Account role: `admin` sees operator-only settings (spec 2 §6); everyone else is `user`. */
export const accountRoleSchema = z.enum(['user', 'admin']);

export const userSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  fullName: z.string(),
  role: accountRoleSchema,
  createdAt: z.string(),
  /** The avatar as a data URL (400×400 JPEG), or null. */
  avatarUrl: z.string().nullable(),
  /** False until the link of the verification mail is opened; an unverified account may only sign in,
   * read itself, ask for a new link and sign out (decision 0158). */
  emailVerified: z.boolean(),
  /** The language the user reads Plumbline in; the web app shows itself in it once signed in. */
  language: languageSchema,
});
export type User = z.infer<typeof userSchema>;

/**
 * Sign-up answers the same for a new address and a taken one (no account enumeration): the new account
 * gets a verification link, the owner of a taken address a note. It does not sign in.
 */
export const signUpResponseSchema = z.object({ message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
/** The answer to a sign-up, a message id (rendered in the request's language). */
export const SIGN_UP_MESSAGE = 'auth.signUp.sent';
/** The answer to a new verification link. */
export const RESEND_MESSAGE = 'auth.verification.resent';

/** The token of a verification link (`/verify-email?token=…`). */
export const verifyEmailBodySchema = z.object({
  token: z.string().min(1, 'validation.verification.noToken').max(100),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = z.object({ email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** A new verification link for the signed-in, unverified account. */
export const resendVerificationResponseSchema = z.object({ message: z.string() });

/** The auth module's error codes (apps/server modules/auth/errors.ts maps each to a status and message). */
export const authErrorCodes = [
  'invalid_credentials', // 401
  'weak_password', // 400
  'unauthenticated', // 401
  'too_many_attempts', // 429
  'verification_invalid', // 400 unknown or already used link
  'verification_expired', // 410 the link is past its lifetime
  'password_sign_in_disabled', // 403 PASSWORD_SIGN_IN=off: single sign-on only
  'sso_not_configured', // 404 no OpenID provider configured
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];
/** What every route but me, new link and sign-out answers an unverified account (403, the HTTP layer's). */
export const EMAIL_UNVERIFIED_CODE = 'email_unverified';

/** Sign-in answers with the session token (also set as an httpOnly cookie). */
export const sessionResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** How this installation signs people in (decision 0267): the sign-in page asks before it draws itself. */
export const authMethodsSchema = z.object({
  /** False when PASSWORD_SIGN_IN=off: sign-up and password sign-in are refused; only single sign-on. */
  password: z.boolean(),
  /** The single sign-on button, when an OpenID provider is configured. */
  sso: z.object({ label: z.string(), login_url: z.string() }).nullable(),
});
export type AuthMethods = z.infer<typeof authMethodsSchema>;

/**
 * Why a single sign-on came back without a session: `/login?sso_error=<code>` shows the code's message
 * (an id of the errors catalogue). The provider's own error text is never shown (it can carry anything).
 */
export const SSO_ERROR_MESSAGES = {
  sso_failed: 'error.sso_failed',
  sso_state_missing: 'error.sso_state_missing',
  sso_email_missing: 'error.sso_email_missing',
  sso_email_unverified: 'error.sso_email_unverified',
  sso_domain_not_allowed: 'error.sso_domain_not_allowed',
  sso_provider_denied: 'error.sso_provider_denied',
} as const satisfies Record<string, ContractsMessageId>;
export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;

/** What the password routes answer when PASSWORD_SIGN_IN=off (403). */
export const PASSWORD_SIGN_IN_DISABLED_CODE = 'password_sign_in_disabled';
