import fastifyMultipart from '@fastify/multipart';
import {
  idsFileListResponseSchema,
  idsFileParamsSchema,
  idsFileResponseSchema,
  idsFileUpdateSchema,
  idsRevisionListResponseSchema,
  idsUploadQuerySchema,
  projectIdParamsSchema,
  routeAccessOf,
} from '@plumbline/contracts';
import { maxIdsBytes } from '@plumbline/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import { contentDisposition } from '../bimfiles';
import { IdsFileError } from './errors';
import type { IdsFileService } from './service';

/** The one file of a multipart IDS upload, bounded by the IDS size limit. */
async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Uint8Array }> {
  if (!request.isMultipart()) throw new IdsFileError('not_multipart');
  const part = await request.file();
  if (!part) throw new IdsFileError('file_missing');
  try {
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new IdsFileError('file_too_large', {
        messageId: 'error.file_too_large.ids_limit',
        params: { megabytes: maxIdsBytes() / 1024 / 1024 },
      });
    }
    throw error;
  }
}

export function idsFileRoutes(idsFiles: IdsFileService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: maxIdsBytes(), files: 1 } });

    app.get(
      '/api/v1/projects/:projectId/idsfiles',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['ids'],
          summary: 'IDS files of a project with is_active (the demo project needs no account)',
          params: projectIdParamsSchema,
          response: { 200: idsFileListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({
        ids_files: await idsFiles.list(optionalUserId(request), request.params.projectId),
      }),
    );

    app.post(
      '/api/v1/projects/:projectId/idsfiles',
      {
        config: { access: routeAccessOf('files.upload') },
        schema: {
          tags: ['ids'],
          summary:
            'Upload an IDS file (multipart/form-data) as a new lineage. Validated against the IDS 1.0 XSD and audited; an invalid file is refused with its problems (error.fields["problems.N"]). With on_match=ask, a current file with the same title and file name refuses it with 409 ids_revision_suggested (error.fields ids_file_id, name, title): send it to that file\'s revisions to replace it. Editor or Admin.',
          consumes: ['multipart/form-data'],
          params: projectIdParamsSchema,
          querystring: idsUploadQuerySchema,
          response: { 201: idsFileResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        const userId = requireAuth(request).user.id;
        const { projectId } = request.params;
        await idsFiles.requireUploader(userId, projectId);
        const upload = await uploadedFile(request);
        const file = await idsFiles.upload(userId, projectId, upload, { onMatch: request.query.on_match });
        return reply.status(201).send({ ids_file: file });
      },
    );

    app.get(
      '/api/v1/projects/:projectId/idsfiles/:idsFileId/revisions',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['ids'],
          summary: "Every revision of an IDS file's lineage, newest first (any revision's id names it)",
          params: idsFileParamsSchema,
          response: { 200: idsRevisionListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const { projectId, idsFileId } = request.params;
        return { revisions: await idsFiles.revisions(optionalUserId(request), projectId, idsFileId) };
      },
    );

    app.post(
      '/api/v1/projects/:projectId/idsfiles/:idsFileId/revisions',
      {
        config: { access: routeAccessOf('ids.replace') },
        schema: {
          tags: ['ids'],
          summary:
            'Replace an IDS file with a corrected revision (multipart/form-data): the new revision keeps the lineage, so unchanged requirements keep their keys and history; the replaced one stays, switched off, for the versions checked against it. Editor or Admin.',
          consumes: ['multipart/form-data'],
          params: idsFileParamsSchema,
          response: { 201: idsFileResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        const userId = requireAuth(request).user.id;
        const { projectId, idsFileId } = request.params;
        await idsFiles.requireReplacer(userId, projectId);
        const upload = await uploadedFile(request);
        const file = await idsFiles.replace(userId, projectId, idsFileId, upload);
        return reply.status(201).send({ ids_file: file });
      },
    );

    app.patch(
      '/api/v1/projects/:projectId/idsfiles/:idsFileId',
      {
        config: { access: routeAccessOf('ids.toggle') },
        schema: {
          tags: ['ids'],
          summary:
            'Switch an IDS file on or off; the latest version of every file is checked again. Editor or Admin.',
          params: idsFileParamsSchema,
          body: idsFileUpdateSchema,
          response: { 200: idsFileResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, idsFileId } = request.params;
        const file = await idsFiles.setActive(
          requireAuth(request).user.id,
          projectId,
          idsFileId,
          request.body.is_active,
        );
        return { ids_file: file };
      },
    );

    app.get(
      '/api/v1/projects/:projectId/idsfiles/:idsFileId/download',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['ids'],
          summary: 'Download an IDS file as uploaded',
          params: idsFileParamsSchema,
          response: {
            200: fileResponse('The IDS file as uploaded', 'application/xml'),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request, reply) => {
        const { projectId, idsFileId } = request.params;
        const file = await idsFiles.download(optionalUserId(request), projectId, idsFileId);
        return reply
          .header('content-type', 'application/xml')
          .header('content-length', String(file.sizeBytes))
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.stream);
      },
    );
  };
}
