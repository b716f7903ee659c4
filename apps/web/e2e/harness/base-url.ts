import { inject } from 'vitest';

/**
 * The address of this file's server. The global setup starts one server per worker slot; vitest numbers
 * the slots (VITEST_POOL_ID, 1 to maxWorkers) and no two files running at once hold the same one, so a
 * file has its server, database and job queue to itself while it runs (decision 0205). Files that run
 * one after another in a slot share its server: every test signs up accounts of its own.
 *
 * A new e2e file starts with `const baseUrl = e2eBaseUrl();` and needs nothing else.
 */
export function e2eBaseUrl(): string {
  const urls = inject('baseUrls');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(Math.max(1, slot) - 1) % urls.length];
  if (!url) throw new Error('no e2e server: run through apps/web/e2e/vitest.config.ts (its global setup)');
  return url;
}

/**
 * The Chromium of this file's worker slot (the global setup starts one per slot, beside its server), to
 * connect to; undefined outside the global setup, or with E2E_OWN_BROWSER=1 (each file starts its own).
 */
export function e2eBrowserEndpoint(): string | undefined {
  if (process.env.E2E_OWN_BROWSER === '1') return undefined;
  const endpoints = inject('browserEndpoints') ?? [];
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  return endpoints.length > 0 ? endpoints[(Math.max(1, slot) - 1) % endpoints.length] : undefined;
}
