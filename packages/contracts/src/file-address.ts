import { z } from 'zod';

/**
 * How a route names a BIM file and one of its versions: the one path and query schema every module's
 * file routes use (compliance, metadata, elements, viewer, assistant, attributes, reports, files).
 */
export const fileParamsSchema = z.object({
  projectId: z.string().uuid('error.project_not_found'),
  fileId: z.string().uuid('error.file_not_found'),
});
export type FileParams = z.infer<typeof fileParamsSchema>;

/** Without `versionId`, the file's newest checked (completed) version (decision 0179). */
export const versionQuerySchema = z.object({
  versionId: z.string().uuid('error.version_not_found').optional(),
});
export type VersionQuery = z.infer<typeof versionQuerySchema>;
