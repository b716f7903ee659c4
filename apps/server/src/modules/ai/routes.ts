import {
  aiChatRequestSchema,
  aiModelContextSchema,
  fileParamsSchema,
  versionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import { requestLocale } from '../../platform/i18n';
import type { AiService } from './service';

const tags = ['assistant'];

/** The AI assistant (spec 3 §2.2, §7): demo-readable, like every project read. */
export function aiRoutes(ai: AiService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/ai/context/:projectId/:fileId',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            'What the chat panel shows before a question: project text, element and level counts, categories, systems. Without versionId: the latest completed version.',
          params: fileParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: aiModelContextSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return ai.context(
          requestLocale(request),
          optionalUserId(request),
          projectId,
          fileId,
          request.query.versionId,
        );
      },
    );

    app.post(
      '/api/v1/ai/chat/:projectId/:fileId',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            'Ask about a file version. Answers as server-sent events, each line `data: <event JSON>`: message (a piece of the answer), elements (the GlobalIds it cites, by type), error, complete.',
          params: fileParamsSchema,
          querystring: versionQuerySchema,
          body: aiChatRequestSchema,
          response: {
            200: {
              description: 'Server-sent events, each line `data: <event JSON>`',
              content: { 'text/event-stream': { schema: z.string() } },
            },
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { projectId, fileId } = request.params;
        // The answer is in the asking person's language: the request's (the page's), else the profile's.
        const scope = await ai.prepareChat(
          requestLocale(request),
          optionalUserId(request),
          projectId,
          fileId,
          request.query.versionId,
        );
        request.log.info(
          { sessionId: request.body.session_id, versionId: scope.version.id, assistant: ai.assistant },
          'assistant question',
        );
        const abort = new AbortController();
        // The browser's Cancel closes the connection: stop working on the answer.
        reply.raw.on('close', () => abort.abort());
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-request-id': String(request.id),
        });
        for await (const event of ai.chat(scope, request.body.message, abort.signal)) {
          if (abort.signal.aborted) break;
          reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
        }
        reply.raw.end();
      },
    );
  };
}
