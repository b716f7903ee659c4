import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 32 random bytes, base64url (43 characters). */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: a leaked table cannot be replayed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens we issue are exactly 43 base64url characters; anything else is rejected without a query. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
