import fastifyMultipart from '@fastify/multipart';
import {
  bimFileListResponseSchema,
  bimFileStatusResponseSchema,
  bimFileUploadResponseSchema,
  bimFileVersionListResponseSchema,
  bimFileVersionParamsSchema,
  fileParamsSchema,
  projectIdParamsSchema,
  routeAccessOf,
} from '@plumbline/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import { requestLocale } from '../../platform/i18n';
import { type KeptAnswers, sendJson } from '../projects';
import { BimFileError } from './errors';
import { type BimFileService, cleanFileName, failureInLanguage } from './service';

export function bimFileRoutes(bimFiles: BimFileService, kept: KeptAnswers): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only in this plugin's scope; the size limit is enforced while streaming.
    await app.register(fastifyMultipart, { limits: { fileSize: bimFiles.maxUploadBytes, files: 1 } });

    app.get(
      '/api/v1/projects/:projectId/bimfiles',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['files'],
          summary:
            'BIM files of a project with the state of their latest version (polled while processing); the demo project needs no account',
          params: projectIdParamsSchema,
          response: { 200: bimFileListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        const userId = optionalUserId(request);
        const { projectId } = request.params;
        // Kept by the project's revision, per language (decision 0452): polled while processing.
        const json = await kept.json(
          { userId, projectId, route: 'bimfiles', variant: locale },
          bimFileListResponseSchema,
          async () => ({
            bim_files: (await bimFiles.list(userId, projectId)).map((file) =>
              failureInLanguage(file, locale),
            ),
          }),
        );
        return sendJson(reply, json);
      },
    );

    app.post(
      '/api/v1/projects/:projectId/bimfiles',
      {
        config: { access: routeAccessOf('files.upload') },
        schema: {
          tags: ['files'],
          summary:
            'Upload an IFC file (multipart/form-data, one file part). A name the project already has becomes a new version. Editor or Admin.',
          consumes: ['multipart/form-data'],
          params: projectIdParamsSchema,
          response: { 201: bimFileUploadResponseSchema, ...errorResponses(400, 401, 403, 404, 413) },
        },
      },
      async (request, reply) => {
        const userId = requireAuth(request).user.id;
        const { projectId } = request.params;
        await bimFiles.requireUploader(userId, projectId);
        if (!request.isMultipart()) throw new BimFileError('not_multipart');
        const part = await request.file();
        if (!part) throw new BimFileError('file_missing');
        try {
          cleanFileName(part.filename);
        } catch (error) {
          // Refuse at once, but read the rest of the body first: an unread upload keeps the request open.
          part.file.resume();
          await new Promise((resolve) => part.file.once('end', resolve).once('error', resolve));
          throw error;
        }
        const result = await bimFiles.upload(userId, projectId, {
          fileName: part.filename,
          stream: part.file,
          truncated: () => part.file.truncated,
        });
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/versions',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['files'],
          summary: 'Versions of a BIM file, newest first, each with its size, SHA-256 and processing state',
          params: fileParamsSchema,
          response: { 200: bimFileVersionListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        const locale = requestLocale(request);
        const versions = await bimFiles.versions(optionalUserId(request), projectId, fileId);
        return { versions: versions.map((version) => failureInLanguage(version, locale)) };
      },
    );

    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/status',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['files'],
          summary: 'Processing state of the latest version (the browser polls it every 5 seconds)',
          params: fileParamsSchema,
          response: { 200: bimFileStatusResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        const status = await bimFiles.status(optionalUserId(request), projectId, fileId);
        return failureInLanguage(status, requestLocale(request));
      },
    );

    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/versions/:versionId/download',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['files'],
          summary: 'Download the IFC file of one version',
          params: bimFileVersionParamsSchema,
          response: {
            200: fileResponse('The IFC file as uploaded', 'application/x-step'),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request, reply) => {
        const { projectId, fileId, versionId } = request.params;
        const file = await bimFiles.download(optionalUserId(request), projectId, fileId, versionId);
        return reply
          .header('content-type', 'application/x-step')
          .header('content-length', String(file.sizeBytes))
          .header('content-disposition', contentDisposition(file.fileName))
          .header('x-content-sha256', file.sha256)
          .send(file.stream);
      },
    );
  };
}

/** A private download of generated bytes (a BCF archive): attachment, never cached. */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; bytes: Uint8Array },
  contentType = 'application/octet-stream',
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes));
}

/** An attachment header safe for any name: ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
