import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { AccError } from './errors';
import { APS_SIGNATURE_HEADER, type VersionHooks } from './version-hooks';

/**
 * Autodesk's webhook callback (APS Webhooks, `dm.version.added`; decision 0360), in its own plugin: it
 * reads the body as raw bytes (the x-adsk-signature HMAC is over them). No session: the signature,
 * with the hook's own secret, is the authentication. Null service: this installation has no public URL.
 */
export function apsEventRoutes(hooks: VersionHooks | null): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/api/v1/acc/aps-events',
      {
        config: { access: 'webhook' },
        schema: {
          tags: ['acc'],
          summary:
            "Autodesk webhook callback (dm.version.added on a linked file's folder): verified by its x-adsk-signature; queues the project's import of the new version",
          response: {
            200: z.object({ received: z.literal(true), queued: z.boolean() }),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request) => {
        if (!hooks) throw new AccError('not_configured');
        const signature = request.headers[APS_SIGNATURE_HEADER];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await hooks.receive(body, typeof signature === 'string' ? signature : undefined);
        return { received: true as const, queued: outcome.queued };
      },
    );
  };
}
