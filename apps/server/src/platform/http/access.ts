import type { FastifyInstance } from 'fastify';
import type { TokenScope } from '../auth/context';

/**
 * Who may call a route, declared on the route itself (`config: { access }`) so the rule is read where
 * the handler is (decision 0159). The session hook enforces the first half (whether a session is
 * needed); the services enforce the project roles; test/authorization-matrix.test.ts calls every
 * route as every kind of caller and checks both against this declaration.
 */
export const routeAccessKinds = {
  /** No session needed (health, sign-up, sign-in, the demo project list). */
  public: 'anyone',
  /** No session; the request proves itself by a signature (the Stripe webhook). */
  webhook: 'anyone with a valid signature',
  /** Any signed-in account, acting on its own data only. */
  'signed-in': 'any signed-in account (its own data)',
  /** An installation admin (users.role = admin). */
  'account-admin': 'an installation admin',
  /** A project member (Viewer or above); anyone, without an account, on the demo project. */
  'demo-readable': 'project Viewer, or anyone on the demo project',
  /** A project member with at least Viewer; the demo project refuses non-members (403). */
  'project-viewer': 'project Viewer',
  /** A project Editor or Admin; the demo project refuses everyone (403). */
  'project-editor': 'project Editor',
  /** A project Admin; the demo project refuses everyone (403). */
  'project-admin': 'project Admin',
} as const;

export type RouteAccess = keyof typeof routeAccessKinds;

/** Whether the session hook lets a request without a session reach the route. */
export function needsNoSession(access: RouteAccess | undefined): boolean {
  return access === 'public' || access === 'webhook';
}

/**
 * Every API route must declare its access: a route without one stops the server from starting, so a
 * new route cannot slip through undeclared (and the matrix test then must cover it).
 */
export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access || !(access in routeAccessKinds)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access rule (config.access: one of ${Object.keys(routeAccessKinds).join(', ')}).`,
      );
    }
  });
}

/**
 * The scope an API token needs to call a route, derived from the route's access rule alone (decision
 * 0266), so the document and the gate cannot differ: a route a Viewer may call needs `read`, an
 * Editor's `write`, an Admin's (project or installation) `admin`. Routes about the caller's own
 * account need `read` to read and `admin` to change anything (a token must not buy plans or change
 * the account unless it was made to). Null: no token is accepted (public and webhook routes need no
 * credentials; `sessionOnly` routes, such as making tokens, need a signed-in session).
 */
export function tokenScopeOf(route: {
  access: RouteAccess | undefined;
  method: string;
  sessionOnly?: boolean;
}): TokenScope | null {
  const { access } = route;
  if (!access || access === 'public' || access === 'webhook' || route.sessionOnly) return null;
  switch (access) {
    case 'demo-readable':
    case 'project-viewer':
      return 'read';
    case 'project-editor':
      return 'write';
    case 'project-admin':
    case 'account-admin':
      return 'admin';
    case 'signed-in':
      return route.method === 'GET' || route.method === 'HEAD' ? 'read' : 'admin';
  }
}
