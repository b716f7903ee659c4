import { z } from 'zod';
import { fileParamsSchema } from './file-address';
import { versionFailureSchema } from './version-failure';

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
  /**
   * Why the latest version failed (status failed), as a code with its values: what a screen renders.
   * The server always sends it (null unless failed); optional for clients written before it.
   */
  failure: versionFailureSchema.nullable().optional(),
  /** The failure in words, in the request's language (Accept-Language), for API clients. */
  error: z.string().nullable(),
  /**
   * A completed file whose re-check against changed IDS rules (upload, switch, delete, added
   * attribute) is queued or running: its figures will change; clients poll until it is false.
   */
  rechecking: z.boolean(),
  /** Whether the file belongs to the project (manage files): excluded files are left out of totals and pickers. */
  included: z.boolean(),
});
export type BimFile = z.infer<typeof bimFileSchema>;

export const bimFileListResponseSchema = z.object({ bim_files: z.array(bimFileSchema) });
export type BimFileListResponse = z.infer<typeof bimFileListResponseSchema>;

export const bimFileVersionParamsSchema = fileParamsSchema.extend({
  versionId: z.string().uuid('error.version_not_found'),
});

/** One stored upload of a BIM file: v1, v2 … with its own size, hash and processing state. */
export const bimFileVersionSchema = z.object({
  id: z.string().uuid(),
  version_number: z.number().int(),
  version_tag: z.string(),
  status: bimFileStatusSchema,
  size_bytes: z.number().int(),
  sha256: z.string(),
  elements_count: z.number().int().nullable(),
  /** Why it failed (status failed), as a code with its values: what a screen renders. */
  failure: versionFailureSchema.nullable().optional(),
  /** The failure in words, in the request's language (Accept-Language), for API clients. */
  error: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  /** The IFC schema the model was read with (IFC2X3, IFC4, IFC4X3_ADD2); null before processing. */
  ifc_schema: z.string().nullable(),
  /**
   * The model's FILE_SCHEMA was read with another schema (an IFC 4.3 release candidate read as
   * IFC4X3_ADD2): what was written, what it was read as, why, and the sentence the reports print.
   */
  schema_substitution: z
    .object({
      written: z.string(),
      read_as: z.string(),
      reason: z.enum(['ifc4x3_release_candidate']),
      note: z.string(),
    })
    .nullable(),
});
export type BimFileVersion = z.infer<typeof bimFileVersionSchema>;

export const bimFileVersionListResponseSchema = z.object({ versions: z.array(bimFileVersionSchema) });

/** The answer to an upload: the file (new or existing) and the version just stored. */
export const bimFileUploadResponseSchema = z.object({
  bim_file: bimFileSchema,
  version: bimFileVersionSchema,
});
export type BimFileUploadResponse = z.infer<typeof bimFileUploadResponseSchema>;

/** What the browser polls every 5 seconds while a file processes (the latest version). */
export const bimFileStatusResponseSchema = z.object({
  id: z.string().uuid(),
  status: bimFileStatusSchema,
  /** Why the latest version failed, as a code with its values; `error`: the same in words. */
  failure: versionFailureSchema.nullable().optional(),
  error: z.string().nullable(),
  version_id: z.string().uuid().nullable(),
  version_tag: z.string().nullable(),
  elements_count: z.number().int(),
  processed_at: z.string().nullable(),
});
export type BimFileStatusResponse = z.infer<typeof bimFileStatusResponseSchema>;
