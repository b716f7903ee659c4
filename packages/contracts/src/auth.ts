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
});
export type User = z.infer<typeof userSchema>;

/** Sign-up and sign-in answer with the session token (also set as an httpOnly cookie). */
export const sessionResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const SESSION_COOKIE = 'plumbline_session';
