import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@plumbline/contracts';

export type TokenKind = keyof typeof API_TOKEN_PREFIX;

/** Characters of the secret kept in the hint: enough to tell a user's tokens apart, far too few to guess the rest. */
const HINT_CHARACTERS = 4;

/** A new token: its kind prefix and 32 random bytes (base64url), e.g. `plb_pat_…` (51 characters). */
export function newApiToken(kind: TokenKind): { secret: string; hint: string } {
  const secret = `${API_TOKEN_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  return { secret, hint: secret.slice(0, API_TOKEN_PREFIX[kind].length + HINT_CHARACTERS) };
}

/** Whether a bearer credential is shaped like one of our API tokens (then it is never a session token). */
export function looksLikeApiToken(token: string): boolean {
  return token.startsWith('plb_');
}

/** Tokens we issue are exactly this shape; anything else is refused without a query. */
export function isWellFormedApiToken(token: string): boolean {
  return /^plb_(pat|prj)_[A-Za-z0-9_-]{43}$/.test(token);
}
