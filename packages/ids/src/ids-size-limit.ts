/**
 * The largest IDS file accepted, one setting for the XSD validation, the XML reader and their
 * callers (issue 22, decision 0170).
 *
 * Real packs are not small: national code-list packs run to 1,000 specifications with code lists
 * of 1,500 values (77 MiB written the way bench/lib/many-spec-pack.ts writes them). The default,
 * 128 MiB, admits such a pack. A process may change it once at start, between 1 MiB and 1 GiB: the
 * server from its configuration (MAX_IDS_MB, apps/server/src/platform/config.ts, handed on to its
 * worker threads), the command line from `--max-ids-mb`. The cost stays bounded before work starts:
 * the size is checked before anything is read, and the XML reader refuses a file with more elements
 * than its own size allows (maxIdsElements), as it reads: a refusal costs what the limit costs, not
 * what the file would (issue 37: 2,000,000 empty elements in 8 MB cost 1 GB before).
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

export const MIN_IDS_ELEMENTS = 100_000;
export const BYTES_PER_IDS_ELEMENT = 32;

/**
 * Most XML elements in an IDS file of `bytes` bytes: one per 32 bytes of the file, and 100,000 in
 * any case. Real files hold one per 55 to 80 bytes (the practitioners' examples); a national pack's
 * code lists, written by a tool, one per 40 or more.
 */
export function maxIdsElements(bytes: number): number {
  return Math.max(MIN_IDS_ELEMENTS, Math.floor(bytes / BYTES_PER_IDS_ELEMENT));
}
