import { z } from 'zod';

/** A share out of 100, as the screens show it. */
export const percent = z.number().min(0).max(100);

/**
 * `part` as a share of `whole` out of 100, one decimal, at most 100, and 0 when there is no whole:
 * the one rule behind every percentage the server sends (overview, compliance, attributes).
 */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}
/** A count of things (elements, facets, pairs). */
export const count = z.number().int().min(0);
