import type { AuthContext } from '../auth/context';
import type { RouteAccess } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (platform/http/access.ts). `public` and `webhook` routes need no session;
     * `demo-readable` lets an anonymous caller through (the session is resolved when one is presented),
     * and the route must then call `requireProjectReader`, which allows the demo project only. Every
     * other /api/v1 route requires a session.
     */
    access?: RouteAccess;
    /**
     * Open to a signed-in account whose e-mail is not verified yet (who am I, new link, sign out). Every
     * other authenticated route refuses such an account with 403 email_unverified (decision 0158).
     */
    unverifiedAllowed?: boolean;
    /**
     * Only a signed-in session may call the route, never an API token (making and revoking tokens,
     * signing out): `tokenScopeOf` answers null for it (decision 0266).
     */
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
