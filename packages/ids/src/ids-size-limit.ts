/**
 * The largest IDS file accepted, one setting for the XSD validation, the XML reader and their
 * callers (issue 22, decision 0170).
 *
 * Real packs are not small: national code-list packs run to 1,000 specifications with code lists
 * of 1,500 values (77 MiB written the way bench/lib/many-spec-pack.ts writes them). The default,
 * 128 MiB, admits such a pack. A process may change it once at start, between 1 MiB and 1 GiB: the
 * server from its configuration (MAX_IDS_MB, apps/server/src/platform/config.ts, handed on to its
 * worker threads), the command line from `--max-ids-mb`. The cost stays bounded before work starts:
 * the size is checked before anything is read, and the XML reader also refuses more elements than
 * the size allows (one per 32 bytes, at least 2,000,000).
 */

const MiB = 1024 * 1024;
export const DEFAULT_MAX_IDS_MB = 128;
export const MIN_MAX_IDS_MB = 1;
export const MAX_MAX_IDS_MB = 1024;

let limitBytes = DEFAULT_MAX_IDS_MB * MiB;

/** Largest IDS accepted in this process (bytes). */
export function maxIdsBytes(): number {
  return limitBytes;
}

/** Sets the limit for this process; a whole number of MiB from 1 to 1024. */
export function setMaxIdsMb(mb: number): void {
  if (!Number.isInteger(mb) || mb < MIN_MAX_IDS_MB || mb > MAX_MAX_IDS_MB) {
    throw new RangeError(
      `the IDS size limit must be a whole number of MiB from ${MIN_MAX_IDS_MB} to ${MAX_MAX_IDS_MB}`,
    );
  }
  limitBytes = mb * MiB;
}

/** Most XML elements in an IDS of `maxBytes` bytes. */
export function maxIdsElements(maxBytes: number): number {
  return Math.max(2_000_000, Math.floor(maxBytes / 32));
}
