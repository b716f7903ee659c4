import fastifyHelmet from '@fastify/helmet';
import { SESSION_COOKIE } from '@plumbline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Security headers (helmet) with a Content Security Policy the web app and the 3D viewer run under
 * (decision 0155), and the origin rule for writes authenticated by cookie.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Pick<Config, 'secureCookies' | 'publicUrl' | 'aps'>,
): Promise<void> {
  // The Connect step's form leaves for Autodesk's sign-in through a redirect form-action also governs.
  const formTargets = ["'self'", ...(config.aps ? [new URL(config.aps.baseUrl).origin] : [])];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly (the IFC reader and the viewer's fragments) compiles under wasm-unsafe-eval, not unsafe-eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        // Radix and the charts position with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'blob:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: formTargets,
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  const publicHost = config.publicUrl ? new URL(config.publicUrl).host : null;
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method) || !request.url.startsWith('/api/') || !cookieAuthenticated(request))
      return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw new HttpError('cross_site_request');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      // "null" or garbage: not our page.
    }
    if (host === null || (host !== request.host && host !== publicHost))
      throw new HttpError('cross_site_request');
  });
}

/** A browser request riding on the session cookie (API clients send a bearer token instead). */
function cookieAuthenticated(request: FastifyRequest): boolean {
  return (
    request.headers.authorization === undefined && SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '')
  );
}
