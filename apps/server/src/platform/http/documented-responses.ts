import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TokenScope } from '../auth/context';
import { type RouteAccess, tokenScopeOf } from './access';
import { errorResponseSchema, sessionSecurity } from './openapi';

/**
 * The error statuses a route can answer, derived from what every route shares rather than written on
 * each one (decision 0164): a new route cannot forget a 400 its query validation sends.
 *
 * - 400: input hygiene refuses control characters in any query or body (input-hygiene.ts), and the
 *   zod schemas refuse invalid query strings and bodies.
 * - 404: a path parameter that fails its schema names nothing (error-handler.ts), and project routes
 *   hide projects from non-members.
 * - 413 / 415: a body too large or not JSON.
 * - 401: no session on a route that needs one; 403: an unverified account, a cross-site cookie write,
 *   a project role too low, not an installation admin, an API token whose scope or project does not
 *   reach the route (any route that takes credentials).
 * - 500: anything unexpected, with a request id.
 */
export function errorStatusesOf(route: {
  method: string;
  access: RouteAccess | undefined;
  hasParams: boolean;
  hasBody: boolean;
  /** Open to an account whose e-mail is not verified yet (config.unverifiedAllowed). */
  unverifiedAllowed?: boolean;
}): number[] {
  const statuses = new Set<number>([400, 500]);
  const { access } = route;
  const withSession = access !== undefined && access !== 'public' && access !== 'webhook';
  if (route.hasParams) statuses.add(404);
  if (route.hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (withSession) {
    statuses.add(401);
    // An API token outside its scope or project is refused on every route that takes credentials;
    // so are an unverified account (but on demo-readable routes and the few open to it) and a
    // cross-site cookie write.
    statuses.add(403);
  }
  if (access === 'account-admin') statuses.add(403);
  if (access === 'demo-readable' || access?.startsWith('project-')) {
    statuses.add(403);
    statuses.add(404);
  }
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Which credentials an operation takes: none for public and webhook routes (said explicitly, so the
 * document does not read as forgetting it), optional on demo-readable ones, a session elsewhere, and
 * an API token with the scope it needs where tokens are accepted (`apiToken: [scope]`).
 */
export function securityOf(
  access: RouteAccess | undefined,
  tokenScope: TokenScope | null = null,
): Array<Record<string, string[]>> {
  if (access === 'public' || access === 'webhook') return [];
  const withToken = tokenScope ? [...sessionSecurity, { apiToken: [tokenScope] }] : sessionSecurity;
  if (access === 'demo-readable') return [...withToken, {}];
  return withToken;
}

/** `GET /api/v1/projects/:projectId/bimfiles` → `getProjectsByProjectIdBimfiles`: unique per route. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? `by-${segment.slice(1)}` : segment.replace(/[^A-Za-z0-9]+/g, '-'),
    )
    .join('-')
    .split('-')
    .filter(Boolean);
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

/**
 * Completes every API route's schema before the OpenAPI plugin reads it: an operationId, and the error
 * responses its access rule and inputs imply (those the route already lists are kept).
 */
export function documentResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1/') || route.method === 'HEAD') return;
    const method = String(route.method);
    route.schema ??= {};
    const schema = route.schema as Record<string, unknown> & { response?: Record<string, unknown> };
    schema.operationId ??= operationIdOf(method, route.url);
    const tokenScope = tokenScopeOf({
      access: route.config?.access,
      method,
      sessionOnly: route.config?.sessionOnly === true,
    });
    schema.security ??= securityOf(route.config?.access, tokenScope);
    const response = { ...(schema.response ?? {}) };
    const statuses = errorStatusesOf({
      method,
      access: route.config?.access,
      hasParams: schema.params !== undefined,
      hasBody: schema.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(method),
      unverifiedAllowed: route.config?.unverifiedAllowed === true,
    });
    for (const status of statuses) response[status] ??= errorResponseSchema(status);
    schema.response = response;
  });
}
