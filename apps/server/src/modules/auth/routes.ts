import {
  meResponseSchema,
  resendVerificationResponseSchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@plumbline/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/cookies';
import type { Config } from '../../platform/config';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import { renderFor, requestLocale } from '../../platform/i18n';
import type { RateCounter } from '../ratelimit';
import { AuthError } from './errors';
import type { AuthService, ClientInfo } from './service';

function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent']?.slice(0, 500) ?? null, ip: request.ip ?? null };
}

export function authRoutes(
  auth: AuthService,
  config: Config,
  rateCounter: RateCounter,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    const secure = config.secureCookies;
    const { windowSeconds, perIp, perAccount } = config.authRateLimit;

    // Sign-up: a budget per client address (before the body is read) and per e-mail, counted in the
    // database so that it holds across API servers. Sign-in is slowed by its failures instead (the
    // service's throttle, also in the database), so nobody can lock the owner out.
    // request.ip honours TRUST_PROXY only, never a client's own header.
    const spend = async (key: string, max: number) => {
      const budget = await rateCounter.spend(key, max, windowSeconds);
      if (!budget.allowed) throw tooMany(budget.retryAfterSeconds);
    };
    const tooMany = (ttlInSeconds: number) =>
      new AuthError('too_many_attempts', { headers: { 'retry-after': String(Math.max(1, ttlInSeconds)) } });
    const limits = {
      onRequest: async (request: FastifyRequest) => spend(`signup-ip:${request.ip}`, perIp),
      preHandler: async (request: FastifyRequest) =>
        spend(`signup-account:${(request.body as { email: string }).email}`, perAccount),
    };

    app.post(
      '/api/v1/auth/signup',
      {
        config: { access: 'public' },
        ...limits,
        schema: {
          tags,
          summary:
            'Create an account and mail it a verification link (does not sign in; a taken address answers the same)',
          body: signUpBodySchema,
          response: { 202: signUpResponseSchema, ...errorResponses(400, 403, 429) },
        },
      },
      async (request, reply) => {
        const answer = await auth.signUp(request.body, clientInfo(request), requestLocale(request));
        return reply.status(202).send({ message: renderFor(request, answer.message) });
      },
    );

    app.post(
      '/api/v1/auth/verify-email',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Verify an e-mail address with the token of its verification link (single use, 24 h)',
          body: verifyEmailBodySchema,
          response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 403, 410) },
        },
      },
      async (request) => auth.verifyEmail(request.body.token),
    );

    app.post(
      '/api/v1/auth/verification',
      {
        config: { access: 'signed-in', unverifiedAllowed: true },
        schema: {
          tags,
          summary: 'Mail a new verification link to the signed-in, unverified account',
          response: { 202: resendVerificationResponseSchema, ...errorResponses(401, 429) },
        },
      },
      async (request, reply) => {
        const answer = await auth.resendVerification(requireAuth(request));
        return reply.status(202).send({ message: renderFor(request, answer.message) });
      },
    );

    app.post(
      '/api/v1/auth/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Sign in with e-mail and password (sets the session cookie)',
          body: signInBodySchema,
          response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const session = await auth.signIn(request.body, clientInfo(request));
        setSessionCookie(reply, session.token, new Date(session.expiresAt), secure);
        return session;
      },
    );

    app.post(
      '/api/v1/auth/logout',
      {
        config: { access: 'signed-in', unverifiedAllowed: true, sessionOnly: true },
        schema: {
          tags,
          summary: 'Revoke the current session and clear the cookie',
          response: { 204: z.null().describe('Signed out'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        await auth.signOut(requireAuth(request));
        clearSessionCookie(reply, secure);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/v1/auth/me',
      {
        config: { access: 'signed-in', unverifiedAllowed: true },
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: meResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ user: requireAuth(request).user }),
    );
  };
}
