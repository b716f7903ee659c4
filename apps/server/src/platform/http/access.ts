import type { FastifyInstance } from 'fastify';

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
