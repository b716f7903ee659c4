import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlumblineServer } from '../src/app';
import { purgeExpiredSessionsJob } from '../src/jobs/purge-expired-sessions';
import { embeddedDataDir, startOnDataDir } from './support/default-install';
import { eventually } from './support/server';

// Issue 16 (crash safety): with the embedded database only one process runs jobs, so a job left
// active belongs to a process that died. The next start retries it at once, not after its expiry.
const dataDir = embeddedDataDir('plumbline-orphans-');

const start = () => startOnDataDir(dataDir);

async function jobRow(server: PlumblineServer, id: string) {
  const result = await server.database.db.execute(
    sql`select state, retry_count from pgboss.job where id = ${id}`,
  );
  return (result as unknown as { rows: Array<{ state: string; retry_count: number }> }).rows[0];
}

async function stateOf(server: PlumblineServer, id: string): Promise<string | undefined> {
  return (await jobRow(server, id))?.state;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('jobs of a process that died (embedded database)', () => {
  it('are failed and retried when the server starts again, long before their expiry', async () => {
    const first = await start();
    const id = await first.queue.send(purgeExpiredSessionsJob, {});
    await eventually(async () => (await stateOf(first, id)) === 'completed');
    // What a kill -9 mid-run leaves behind: the job active, its start recorded, nobody working on it.
    await first.database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now(), completed_on = null where id = ${id}`,
    );
    await first.close();

    const second = await start();
    try {
      // The queue's expiry is 300 s; the retry comes within seconds.
      await eventually(async () => (await stateOf(second, id)) === 'completed');
      expect((await jobRow(second, id))?.retry_count).toBe(1);
    } finally {
      await second.close();
    }
  });
});
