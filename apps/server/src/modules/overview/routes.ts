import { projectIdParamsSchema, projectOverviewSchema } from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import { type KeptAnswers, sendJson } from '../projects';
import type { OverviewService } from './service';

export function overviewRoutes(overview: OverviewService, kept: KeptAnswers): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/projects/:projectId/overview',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['overview'],
          summary:
            'Dashboard overview of a project: cards, compliance categories, compliance trend across versions, BIM files (included files only)',
          params: projectIdParamsSchema,
          response: { 200: projectOverviewSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const userId = optionalUserId(request);
        const { projectId } = request.params;
        // Kept by the project's revision (decision 0452): asked again, the answer costs the access check.
        const json = await kept.json({ userId, projectId, route: 'overview' }, projectOverviewSchema, () =>
          overview.project(userId, projectId),
        );
        return sendJson(reply, json);
      },
    );
  };
}
