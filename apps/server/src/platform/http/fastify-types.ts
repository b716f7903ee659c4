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
    /**
     * Open to a signed-in account whose e-mail is not verified yet (who am I, new link, sign out). Every
     * other authenticated route refuses such an account with 403 email_unverified (decision 0158).
     */
    unverifiedAllowed?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
