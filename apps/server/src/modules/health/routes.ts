import { healthResponseSchema } from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './service';

export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Database and job queue state (public; 503 when degraded)',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const result = await health.check();
        return reply.status(result.status === 'ok' ? 200 : 503).send(result);
      },
    );
  };
}
