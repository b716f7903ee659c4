import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '@plumbline/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
  // The hint says only "a session may exist" (no token), so scripts may read it (SESSION_HINT_COOKIE).
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  reply.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}

/** The session token of a request: `Authorization: Bearer <token>` first, else the session cookie. */
export function readSessionToken(
  request: FastifyRequest,
): { token: string; from: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? { token: match[1]!, from: 'bearer' } : null;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, from: 'cookie' } : null;
}
