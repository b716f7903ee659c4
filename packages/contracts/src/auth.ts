import { z } from 'zod';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email address is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address');

export const passwordSchema = z
  .string()
  .min(12, 'Password must be at least 12 characters')
  .max(256, 'Password is too long');

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: z.string().trim().min(1, 'Full name is required').max(255, 'Full name is too long'),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(256, 'Password is too long'),
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
});
export type User = z.infer<typeof userSchema>;

/**
 * Sign-up answers the same for a new address and a taken one (no account enumeration): the new account
 * gets a verification link, the owner of a taken address a note. It does not sign in.
 */
export const signUpResponseSchema = z.object({ message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
export const SIGN_UP_MESSAGE =
  'Check your e-mail: we sent a link to verify your address. Open it, then sign in.';

/** The token of a verification link (`/verify-email?token=…`). */
export const verifyEmailBodySchema = z.object({ token: z.string().min(1, 'The link has no token').max(100) });
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
 * Why a single sign-on came back without a session: `/login?sso_error=<code>` shows the message. The
 * provider's own error text is never shown (it can carry anything).
 */
export const SSO_ERROR_MESSAGES = {
  sso_failed: 'Single sign-on did not complete. Please try again.',
  sso_state_missing: 'Single sign-on took too long or was started in another browser. Please try again.',
  sso_email_missing:
    'Your identity provider did not share an e-mail address, so no account could be matched.',
  sso_email_unverified:
    'Your identity provider has not verified your e-mail address, so no account could be matched.',
  sso_domain_not_allowed:
    'Your e-mail address is not in a domain allowed to sign in here. Ask your administrator.',
  sso_provider_denied: 'Your identity provider did not sign you in.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;

/** What the password routes answer when PASSWORD_SIGN_IN=off (403). */
export const PASSWORD_SIGN_IN_DISABLED_CODE = 'password_sign_in_disabled';
