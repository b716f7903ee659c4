import { z } from 'zod';

export const bimFileStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed']);
export type BimFileStatus = z.infer<typeof bimFileStatusSchema>;

/**
 * A model file of a project with its latest version's state (spec 1 §3 'BIM file'). Sizes are bytes:
 * `latest_size_bytes`/`file_size_bytes` of the newest version, `storage_size_bytes`/`total_size_bytes`
 * of every stored version together.
 */
export const bimFileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  source_filename: z.string(),
  source_version_tag: z.string().nullable(),
  version_count: z.number().int(),
  latest_size_bytes: z.number().int(),
  file_size_bytes: z.number().int(),
  storage_size_bytes: z.number().int(),
  total_size_bytes: z.number().int(),
  elements_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Status of the latest version; `pending` while a file has no version yet. */
  status: bimFileStatusSchema,
});
export type BimFile = z.infer<typeof bimFileSchema>;

export const bimFileListResponseSchema = z.object({ bim_files: z.array(bimFileSchema) });
export type BimFileListResponse = z.infer<typeof bimFileListResponseSchema>;
