import type { AuthContext } from '../auth/context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (health, sign-up, sign-in). Every other /api/v1 route requires one. */
    public?: boolean;
    /**
     * Reads that /demo makes without an account: the session is resolved when one is presented, and
     * `request.auth` stays null otherwise. The route must then call `requireProjectReader`, which lets
     * anonymous callers read the demo project only.
     */
    demoReadable?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
