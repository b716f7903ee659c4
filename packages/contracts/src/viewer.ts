import { z } from 'zod';

/**
 * The 3D viewer's reads (spec 3 §7): the converted model of a file version (That Open fragments,
 * binary) and the conversion of IFC GlobalIds to viewer ids. A viewer id (`viewer_db_id`) is the
 * element's STEP id in that version, which is also the fragments `localId`.
 */

/** At most this many GlobalIds per highlight request (the metadata table fetches 10,000 elements). */
export const MAX_HIGHLIGHT_GUIDS = 20_000;

export const elementHighlightRequestSchema = z.object({
  element_guids: z
    .array(z.string().trim().min(1, 'validation.viewer.blankGlobalId').max(64))
    // Written out, not toLocaleString('en'): this module loads with the sign-in page, and the first
    // number formatted through Intl costs a phone a long task at import (issue 37, decision 0441).
    .max(MAX_HIGHLIGHT_GUIDS, 'At most 20,000 elements at once'),
});
export type ElementHighlightRequest = z.infer<typeof elementHighlightRequestSchema>;

export const elementHighlightResponseSchema = z.object({
  /** Viewer ids of the GlobalIds found, in the order asked (each once). */
  viewer_db_ids: z.array(z.number().int().positive()),
  /** GlobalIds asked for that the version does not have. */
  missing_guids: z.array(z.string()),
  version_id: z.string().uuid(),
});
export type ElementHighlightResponse = z.infer<typeof elementHighlightResponseSchema>;

/** Error codes of the fragments download the viewer turns into its model-load messages (spec 3 §8). */
export const FRAGMENTS_NOT_READY = 'fragments_not_ready';
export const FRAGMENTS_FAILED = 'fragments_failed';
