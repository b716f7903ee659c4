import { authMethodsSchema, type SsoErrorCode } from '@plumbline/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '../../platform/auth/cookies';
import type { Config } from '../../platform/config';
import { errorResponses } from '../../platform/http/openapi';
import { requestLocale } from '../../platform/i18n';
import { AuthError } from './errors';
import type { SsoFlow } from './oidc-client';
import { SsoError, type SsoService } from './sso';

/** The browser's copy of the flow's secrets, signed with the server secret, for the two redirects only. */
const FLOW_COOKIE = 'plumbline_sso';
const FLOW_COOKIE_PATH = '/api/v1/auth/sso';
const FLOW_SECONDS = 10 * 60;

const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  returnTo: z.string(),
});

/** Where to go after signing in: a path of this site only (never `//host` or another origin). */
const returnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'A path of this site')
  .optional();

const redirect = { 302: z.null().describe('A redirect (Location)') };

/** The authorization response's parameters (RFC 6749 §4.1.2, RFC 9207 `iss`, OpenID session state). */
const callbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  error_uri: z.string().max(1000).optional(),
});

function readFlow(request: FastifyRequest): (SsoFlow & { returnTo: string }) | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = flowSchema.safeParse(
      JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function ssoRoutes(sso: SsoService | null, config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    const secure = config.secureCookies;
    const clearFlow = (reply: FastifyReply) =>
      reply.clearCookie(FLOW_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: FLOW_COOKIE_PATH });
    const failed = (reply: FastifyReply, code: SsoErrorCode) => {
      clearFlow(reply);
      return reply.redirect(`/login?sso_error=${code}`, 302);
    };

    app.get(
      '/api/v1/auth/methods',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'How this installation signs people in: passwords, single sign-on, or both',
          response: { 200: authMethodsSchema },
        },
      },
      async () => ({
        password: config.passwordSignIn,
        sso: sso ? { label: sso.buttonLabel, login_url: '/api/v1/auth/sso/login' } : null,
      }),
    );

    app.get(
      '/api/v1/auth/sso/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            "Start single sign-on: a redirect to the OpenID provider (authorization code with PKCE); `return_to` is this site's path to land on",
          querystring: z.object({ return_to: returnToSchema }),
          response: { ...redirect, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        if (!sso) throw new AuthError('sso_not_configured');
        try {
          const { url, flow } = await sso.start();
          const value = Buffer.from(
            JSON.stringify({ ...flow, returnTo: request.query.return_to ?? '/dashboard' }),
          ).toString('base64url');
          reply.setCookie(FLOW_COOKIE, value, {
            signed: true,
            httpOnly: true,
            sameSite: 'lax',
            secure,
            path: FLOW_COOKIE_PATH,
            maxAge: FLOW_SECONDS,
          });
          return reply.redirect(url, 302);
        } catch (error) {
          if (!(error instanceof SsoError)) throw error;
          request.log.warn({ code: error.code, detail: error.detail }, 'single sign-on could not start');
          return failed(reply, error.code);
        }
      },
    );

    app.get(
      '/api/v1/auth/sso/callback',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Where the OpenID provider sends the browser back: signs in (sets the session cookie) and redirects to the page asked for, or to /login?sso_error=… with the reason',
          querystring: callbackQuerySchema,
          response: { ...redirect, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        if (!sso || !config.sso) throw new AuthError('sso_not_configured');
        // The URL the provider redirected to, rebuilt from the configured redirect URI (never a
        // request's Host header) with the query the browser brought.
        const callbackUrl = new URL(config.sso.redirectUri);
        const params = Object.entries(request.query).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        );
        callbackUrl.search = new URLSearchParams(params).toString();
        const flow = readFlow(request);
        try {
          const session = await sso.finish(
            callbackUrl,
            flow,
            {
              userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
              ip: request.ip ?? null,
            },
            requestLocale(request),
          );
          clearFlow(reply);
          setSessionCookie(reply, session.token, new Date(session.expiresAt), secure);
          return reply.redirect(flow?.returnTo ?? '/dashboard', 302);
        } catch (error) {
          if (!(error instanceof SsoError)) throw error;
          request.log.warn({ code: error.code, detail: error.detail }, 'single sign-on refused');
          return failed(reply, error.code);
        }
      },
    );
  };
}
