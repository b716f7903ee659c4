import type { AuthContext } from '../auth/context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (health, sign-up, sign-in). Every other /api/v1 route requires one. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
