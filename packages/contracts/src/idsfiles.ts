import { z } from 'zod';

/**
 * An IDS file of a project; only active files take part in checks (spec 2 §7). A corrected file
 * uploaded as a new revision (Replace) shares its predecessor's `lineage_id`, so the history of every
 * unchanged requirement carries over (issue 30); the list shows current revisions only.
 */
export const idsFileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  title: z.string().nullable(),
  is_active: z.boolean(),
  lineage_id: z.string().uuid(),
  /** 1 for the first upload, one more per Replace. */
  revision: z.number().int(),
  /** How many revisions the lineage has (this one included). */
  revisions_count: z.number().int(),
  /** When a newer revision replaced this one; null for the current revision. */
  superseded_at: z.string().nullable(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  specifications_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IdsFile = z.infer<typeof idsFileSchema>;

export const idsFileListResponseSchema = z.object({ ids_files: z.array(idsFileSchema) });
export const idsFileResponseSchema = z.object({ ids_file: idsFileSchema });

export const idsFileParamsSchema = z.object({
  projectId: z.string().uuid('error.project_not_found'),
  idsFileId: z.string().uuid('error.ids_file_not_found'),
});

export const idsFileUpdateSchema = z.object({ is_active: z.boolean() });
export type IdsFileUpdate = z.infer<typeof idsFileUpdateSchema>;

export const idsRevisionListResponseSchema = z.object({ revisions: z.array(idsFileSchema) });
export type IdsRevisionListResponse = z.infer<typeof idsRevisionListResponseSchema>;

/**
 * How an upload treats a current IDS file with the same title and file name: `new` (default) stores
 * it as a file of its own; `ask` refuses with 409 `ids_revision_suggested` naming that file
 * (error.fields `ids_file_id`, `name`, `title`), so the user can be asked "This looks like a new
 * revision of X — replace it?" and the upload sent again to the Replace route or with `new`.
 */
export const idsUploadQuerySchema = z.object({ on_match: z.enum(['new', 'ask']).optional() });
export type IdsUploadQuery = z.infer<typeof idsUploadQuerySchema>;
