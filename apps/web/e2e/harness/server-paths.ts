import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, APIResponse, BrowserContext } from 'playwright-core';

/**
 * Every e2e server's data directory starts with this (harness/server.ts makes them): an API answer
 * holding it hands a server path to a user, which must never happen (issue 35).
 */
export const DATA_DIR_PREFIX = join(tmpdir(), 'plumbline-e2e-');

const leaks: string[] = [];
/** A request context's `post` answers through its `fetch`: each answer is read once. */
const seen = new WeakSet<APIResponse>();
const reading = new Set<Promise<void>>();
let inspected = 0;

/** Text-like answers are read; downloads of stored files (binary) are the files themselves. */
function isText(contentType: string | undefined): boolean {
  return /json|text|xml|javascript/.test(contentType ?? '');
}

function inspect(url: string, contentType: string | undefined, body: () => Promise<string>): void {
  if (!url.includes('/api/') || !isText(contentType)) return;
  const read = body()
    .then((text) => {
      inspected += 1;
      const at = text.indexOf(DATA_DIR_PREFIX);
      if (at >= 0) leaks.push(`${url}: …${text.slice(Math.max(0, at - 80), at + 120)}…`);
    })
    // A body gone with its closed page was never shown to anyone.
    .catch(() => {})
    .finally(() => reading.delete(read));
  reading.add(read);
}

/** Records what the context's pages receive from the API and what `context.request` is answered. */
export function watchServerPaths(context: BrowserContext): void {
  context.on('response', (response) => {
    inspect(response.url(), response.headers()['content-type'], () => response.text());
  });
  watchRequestContext(context.request);
}

/** Records the answers an API request context (a test's own calls) receives. */
export function watchRequestContext(request: APIRequestContext): void {
  const methods = ['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head'] as const;
  for (const method of methods) {
    const original = request[method].bind(request) as (...args: unknown[]) => Promise<APIResponse>;
    (request as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      if (seen.has(response)) return response;
      seen.add(response);
      inspect(response.url(), response.headers()['content-type'], () => response.text());
      return response;
    };
  }
}

/** The answers seen so far that held a data directory's path, once every body has been read. */
export async function serverPathLeaks(): Promise<{ leaks: string[]; inspected: number }> {
  while (reading.size > 0) await Promise.all([...reading]);
  return { leaks: [...leaks], inspected };
}
