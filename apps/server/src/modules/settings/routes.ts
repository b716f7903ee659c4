import { performanceSettingsSchema } from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import type { PerformanceService } from './performance';

export function settingsRoutes(performance: PerformanceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/admin/performance',
      {
        config: { access: 'account-admin' },
        schema: {
          tags: ['admin'],
          summary: 'Performance Settings: jobs run at once per process (installation admins)',
          response: { 200: performanceSettingsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => performance.get(requireAuth(request).user.role),
    );
    app.put(
      '/api/v1/admin/performance',
      {
        config: { access: 'account-admin' },
        schema: {
          tags: ['admin'],
          summary:
            "Change the Performance Settings; this process's workers follow at once (running jobs finish), other worker processes on their next start",
          body: performanceSettingsSchema,
          response: { 200: performanceSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => performance.update(requireAuth(request).user.role, request.body),
    );
  };
}
