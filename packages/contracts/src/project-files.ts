import { z } from 'zod';
import type { ContractsMessage } from './messages';

/** Plan limits for choosing a project's files (spec 2 §9). */
export const fileLimitsSchema = z.object({
  max_files: z.number().int(),
  max_storage_bytes: z.number().int(),
  /**
   * Where the limits come from (one truth with uploads: billing's plan of the project): 'plan' for a
   * subscribed project, 'default' for a project without a plan, 'demo', or 'unlimited' with BILLING=off.
   */
  source: z.enum(['demo', 'default', 'plan', 'unlimited']),
});
export type FileLimits = z.infer<typeof fileLimitsSchema>;

/** Ids of ACC items a project has not imported yet: `acc:` and Autodesk's item id. */
export const ACC_ITEM_PREFIX = 'acc:';
const availableFileIdSchema = z.union([z.string().uuid(), z.string().regex(/^acc:\S{1,300}$/)]);

/**
 * A file as the manage-files dialog lists it (spec 2 §3 'Available file'): one of the project's files,
 * or, in a project imported from ACC, an item of the ACC project not imported yet (id `acc:…`).
 */
export const availableFileSchema = z.object({
  id: availableFileIdSchema,
  name: z.string(),
  /** Every stored version together: what the file occupies. */
  size_bytes: z.number().int(),
  latest_size_bytes: z.number().int(),
  version_count: z.number().int(),
  type: z.string(),
  included: z.boolean(),
});
export type AvailableFile = z.infer<typeof availableFileSchema>;

export const fileSelectionResponseSchema = z.object({
  files: z.array(availableFileSchema),
  limits: fileLimitsSchema,
  /**
   * The ACC project behind it: null for an uploads-only project; `reauth_required` when Autodesk refused
   * the connection (the dialog offers to reconnect), `unavailable` when Autodesk could not be reached.
   */
  acc: z.object({ status: z.enum(['ok', 'reauth_required', 'unavailable']) }).nullable(),
});
export type FileSelectionResponse = z.infer<typeof fileSelectionResponseSchema>;

export const fileSelectionBodySchema = z.object({ file_ids: z.array(availableFileIdSchema).max(10_000) });
export type FileSelectionBody = z.infer<typeof fileSelectionBodySchema>;

export const projectRefreshResponseSchema = z.object({
  /** File versions queued for processing. */
  queued: z.number().int(),
  /** The new start of the 24-hour cooldown. */
  last_processed_at: z.string(),
});
export type ProjectRefreshResponse = z.infer<typeof projectRefreshResponseSchema>;

export const REFRESH_COOLDOWN_HOURS = 24;
const HOUR_MS = 3_600_000;

/** Whole hours until a project may be refreshed again (0: now). Rounded up, so '1 hour' until it is over. */
export function refreshHoursLeft(lastProcessedAt: string | Date | null, now: Date): number {
  if (lastProcessedAt === null) return 0;
  const last = typeof lastProcessedAt === 'string' ? new Date(lastProcessedAt) : lastProcessedAt;
  const left = last.getTime() + REFRESH_COOLDOWN_HOURS * HOUR_MS - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / HOUR_MS);
}

/** 'Project can be refreshed in {n} hour(s)' (spec 2 §8). */
export function refreshCooldownMessage(hours: number): string {
  return `Project can be refreshed in ${hours} hour(s)`;
}

/** '1 GB', '1.25 GB': a storage limit as the messages state it (binary units, at most two decimals). */
export function formatLimitSize(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${Number(gib.toFixed(2))} GB`;
  return `${Number((bytes / 1024 ** 2).toFixed(2))} MB`;
}

/**
 * The first problem with a selection under the plan limits, in the words of spec 2 §5 (a message of
 * the catalogue, with its values), or null. Files are counted by distinct name, as the spec says.
 */
export function fileSelectionProblem(
  selected: ReadonlyArray<{ name: string; size_bytes: number }>,
  limits: FileLimits,
): ContractsMessage | null {
  if (selected.length === 0) return { id: 'error.selection_invalid' };
  const n = new Set(selected.map((f) => f.name)).size;
  if (n > limits.max_files) {
    return {
      id: 'error.selection_invalid.tooManyFiles',
      params: { selected: n, allowed: limits.max_files, excess: n - limits.max_files },
    };
  }
  const size = selected.reduce((sum, f) => sum + f.size_bytes, 0);
  if (size > limits.max_storage_bytes) {
    return {
      id: 'error.selection_invalid.tooMuchStorage',
      params: { limit: formatLimitSize(limits.max_storage_bytes) },
    };
  }
  return null;
}
