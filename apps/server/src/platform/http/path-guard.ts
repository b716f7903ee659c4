import { realpathSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const PLACEHOLDER = '[data directory]';

/** The data directory as written in the configuration and as the file system resolves it. */
function spellingsOf(dataDir: string): string[] {
  let real = dataDir;
  try {
    real = realpathSync(dataDir);
  } catch {
    // Not created yet: the configured spelling is the only one.
  }
  return [...new Set([dataDir, real])].filter((p) => p.length > 1);
}

/**
 * A server path never reaches a client (decision 0307): a text or JSON answer holding the data
 * directory's path has it replaced, and the leak is logged so it is mended where it starts. Streams
 * and buffers (downloads of stored files) are the files themselves and pass untouched.
 */
export function registerPathGuard(app: FastifyInstance, dataDir: string): void {
  const paths = spellingsOf(dataDir);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload !== 'string' || !paths.some((p) => payload.includes(p))) return payload;
    request.log.error({ url: request.url }, 'an answer held the data directory path; it was removed');
    return paths.reduce((text, p) => text.split(p).join(PLACEHOLDER), payload);
  });
}
