import fastifyMultipart from '@fastify/multipart';
import { AVATAR_RULES, profileResponseSchema, updateProfileBodySchema } from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import { ProfileError } from './errors';
import type { ProfileService } from './service';

/** The square to keep, in the original image's pixels; omitted: the largest centred square. */
const cropQuerySchema = z.object({
  x: z.coerce.number().int().min(0).optional(),
  y: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).optional(),
});

export function profileRoutes(profile: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    // One byte over the limit is enough to know the file is too large.
    await app.register(fastifyMultipart, {
      limits: { fileSize: AVATAR_RULES.maxBytes, files: 1, fields: 0 },
    });
    const tags = ['profile'];

    app.get(
      '/api/v1/profile',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Your profile (spec 2 §3 User profile)',
          response: { 200: profileResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ profile: await profile.get(requireAuth(request).user.id) }),
    );

    app.patch(
      '/api/v1/profile',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Update full name, company and preferences (job title, e-mail notifications); e-mail is read-only',
          body: updateProfileBodySchema,
          response: { 200: profileResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({ profile: await profile.update(requireAuth(request).user.id, request.body) }),
    );

    app.put(
      '/api/v1/profile/avatar',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Upload an avatar (multipart, one JPEG or PNG, at most 5 MB, 100–2048 px) with the square to keep (x, y, size ≥ 50 px); stored as a 400×400 JPEG',
          consumes: ['multipart/form-data'],
          querystring: cropQuerySchema,
          response: { 200: profileResponseSchema, ...errorResponses(400, 401, 413) },
        },
      },
      async (request) => {
        const userId = requireAuth(request).user.id;
        if (!request.isMultipart())
          throw new ProfileError('avatar_invalid', { messageId: 'error.avatar_invalid.multipart' });
        const part = await request.file();
        if (!part) throw new ProfileError('avatar_invalid', { messageId: 'error.avatar_invalid.missing' });
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new ProfileError('avatar_too_large');
          throw error;
        }
        const { x, y, size } = request.query;
        const crop = x !== undefined && y !== undefined && size !== undefined ? { x, y, size } : null;
        return { profile: await profile.setAvatar(userId, bytes, crop) };
      },
    );

    app.delete(
      '/api/v1/profile/avatar',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Remove your avatar',
          response: { 200: profileResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ profile: await profile.removeAvatar(requireAuth(request).user.id) }),
    );
  };
}
