import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthContext, scopeCovers } from '../auth/context';
import { readSessionToken, setSessionCookie } from '../auth/cookies';
import { HttpError } from '../errors';
import { needsNoSession, tokenScopeOf } from './access';
import './fastify-types';

/**
 * Default deny: every /api/v1 route needs a live session unless its `config.access` says otherwise.
 * Runs first (onRequest), so an anonymous request is refused before its body is even read.
 */
export function registerSessionHook(
  app: FastifyInstance,
  options: { authenticate(token: string): Promise<AuthContext | null>; secureCookies: boolean },
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/v1/') || needsNoSession(request.routeOptions.config?.access)) return;
    const presented = readSessionToken(request);
    const auth = presented ? await options.authenticate(presented.token) : null;
    if (!auth) {
      // A demo-readable route lets an anonymous caller (or a stale cookie) through as anonymous; the
      // project check then allows the demo project only.
      if (request.routeOptions.config?.access === 'demo-readable') return;
      throw new HttpError('unauthenticated');
    }
    if (!auth.user.emailVerified && request.routeOptions.config?.unverifiedAllowed !== true) {
      // An unverified account reads the demo like anyone without an account, and does nothing else.
      if (request.routeOptions.config?.access === 'demo-readable') return;
      throw new HttpError('email_unverified');
    }
    if (auth.token) requireTokenReach(request, auth.token);
    request.auth = auth;
    if (auth.renewed && presented?.from === 'cookie') {
      setSessionCookie(reply, auth.renewed.token, auth.renewed.expiresAt, options.secureCookies);
    }
  });
}

/**
 * An API token reaches a route only within its scope (derived from the route's access rule), and a
 * project token only routes of its project (those with its `projectId` in the path): decision 0266.
 * The owner's role is checked after this by the services, as for a session, so a token's reach is
 * the owner's role within its scope.
 */
function requireTokenReach(request: FastifyRequest, token: NonNullable<AuthContext['token']>): void {
  const config = request.routeOptions.config;
  const needed = tokenScopeOf({
    access: config?.access,
    method: request.method,
    sessionOnly: config?.sessionOnly === true,
  });
  if (needed === null) throw new HttpError('session_required');
  if (!scopeCovers(token.scope, needed)) {
    throw new HttpError('token_scope_insufficient', {
      messageId: 'error.token_scope_insufficient.detail',
      params: { scope: token.scope, needed },
    });
  }
  if (token.projectId !== null) {
    const projectId = (request.params as Record<string, unknown> | undefined)?.projectId;
    if (projectId !== token.projectId) throw new HttpError('token_project_only');
  }
}

/** The caller's user id on a demo-readable route: null when anonymous. */
export function optionalUserId(request: FastifyRequest): string | null {
  return request.auth?.user.id ?? null;
}

/** The caller of an authenticated route (the session hook guarantees one). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError('unauthenticated');
  return request.auth;
}
