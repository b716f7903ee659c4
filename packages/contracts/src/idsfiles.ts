import { z } from 'zod';

/** An IDS file of a project; only active files take part in checks (spec 2 §7). */
export const idsFileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  title: z.string().nullable(),
  is_active: z.boolean(),
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
  projectId: z.string().uuid('Project not found'),
  idsFileId: z.string().uuid('IDS file not found'),
});

export const idsFileUpdateSchema = z.object({ is_active: z.boolean() });
export type IdsFileUpdate = z.infer<typeof idsFileUpdateSchema>;
