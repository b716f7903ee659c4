import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { readSessionToken } from '../auth/cookies';
import type { Config } from '../config';
import { HttpError } from '../errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers (helmet) with a Content Security Policy the web app and the 3D viewer run under
 * (decision 0155).
 */
export async function registerSecurityHeaders(
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
}

/**
 * Writes authenticated by the session cookie must come from our own site (decision 0155). Registered
 * after the cookie plugin, so it asks the session reader which credential the request carries.
 */
export function registerOriginCheck(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  const publicHost = config.publicUrl ? new URL(config.publicUrl).host : null;
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method) || !request.url.startsWith('/api/')) return;
    // API clients send a bearer token; only a browser's cookie can be ridden by another site.
    if (readSessionToken(request)?.from !== 'cookie') return;
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
