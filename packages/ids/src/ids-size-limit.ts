/**
 * The largest IDS file accepted, in one place for the CLI, the server's upload route, the XSD
 * validation and the XML reader (issue 22, decision 0170).
 *
 * Real packs are not small: national code-list packs run to 1,000 specifications with code lists
 * of 1,500 values (about 77 MiB written the way bench/lib/many-spec-pack.ts writes them). The default,
 * 128 MiB, admits such a pack; `PLUMBLINE_MAX_IDS_MB` (a whole number of MiB, 1 to 1024) changes it
 * for every process started with it. The cost stays bounded before work starts: the size is checked
 * before anything is read, and the XML reader also refuses more elements than the size allows
 * (one element per 32 bytes, at least 2,000,000).
 */

export const DEFAULT_MAX_IDS_MB = 128;
const MIN_MB = 1;
const MAX_MB = 1024;

/** The limit in bytes from an environment; a missing, malformed or out-of-range value gives the default. */
export function maxIdsBytesFrom(env: Readonly<Record<string, string | undefined>>): number {
  const text = env.PLUMBLINE_MAX_IDS_MB?.trim();
  const mb = text !== undefined && /^\d{1,4}$/.test(text) ? Number(text) : DEFAULT_MAX_IDS_MB;
  const bounded = mb >= MIN_MB && mb <= MAX_MB ? mb : DEFAULT_MAX_IDS_MB;
  return bounded * 1024 * 1024;
}

/** Largest IDS accepted (bytes), read once from this process's environment. */
export const MAX_IDS_BYTES = maxIdsBytesFrom(typeof process === 'undefined' ? {} : process.env);

/** Most XML elements in an IDS of `maxBytes` bytes. */
export function maxIdsElements(maxBytes: number): number {
  return Math.max(2_000_000, Math.floor(maxBytes / 32));
}
