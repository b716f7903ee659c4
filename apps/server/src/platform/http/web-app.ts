import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { sendError } from './error-handler';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plumbline</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The Plumbline web app is not built</h1>
<p>The API is running (see <a href="/api/docs">/api/docs</a>). Build the web app with <code>npm run build</code>,
or point <code>WEB_DIST_DIR</code> at a built copy, then restart the server.</p></body></html>`;

/**
 * Serves the built single-page app from `webDistDir`: hashed files under /assets are cached for a year,
 * everything else is revalidated; any other GET outside /api answers index.html so client-side routes
 * load. Unknown /api paths get the JSON 404. Without a build, `/` explains how to make one.
 * Source maps (`*.map`) are never served: they would publish the app's source (decision 0167).
 * A page the build gave its own HTML (`dist/<first path segment>.html`, e.g. dashboard.html, which
 * also preloads that route's code; apps/web/build/route-html.ts) answers with that file instead.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const built = existsSync(join(webDistDir, 'index.html'));
  // Read once at start: a request path only ever picks one of these names, never a path of its own.
  const routePages = new Set(
    built ? readdirSync(webDistDir).filter((name) => name.endsWith('.html') && name !== 'index.html') : [],
  );
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // One route per built file (read at start); every other path reaches the fallback below.
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !isSourceMap(pathName),
      // The build writes .br and .gz beside each asset (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(webDistDir, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (!isPageRequest || isSourceMap(path)) return sendError(reply, request, new HttpError('not_found'));
    if (!built)
      return reply
        .status(path === '/' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    reply.header('cache-control', 'no-cache');
    const routePage = `${path.split('/')[1] ?? ''}.html`;
    return reply.sendFile(routePages.has(routePage) ? routePage : 'index.html');
  });
}

function isSourceMap(path: string): boolean {
  return path.toLowerCase().endsWith('.map');
}
