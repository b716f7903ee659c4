import { z } from 'zod';

/**
 * A project's BIM file as `GET /api/v1/projects/:projectId/bimfiles` returns it (spec 1 §3 "BIM file").
 * Kept here until @plumbline/contracts exports the schema; only id, name and status are required so that
 * optional figures the server has not computed yet never break the list.
 */
export const bimFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  source_filename: z.string().nullish(),
  source_version_tag: z.string().nullish(),
  version_count: z.number().nullish(),
  latest_size_bytes: z.number().nullish(),
  file_size_bytes: z.number().nullish(),
  storage_size_bytes: z.number().nullish(),
  total_size_bytes: z.number().nullish(),
  elements_count: z.number().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
});
export type BimFile = z.infer<typeof bimFileSchema>;

export const bimFileListResponseSchema = z.object({ bim_files: z.array(bimFileSchema) });

export const BIM_FILE_STATUS_LABEL: Record<BimFile['status'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};
