import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlumblineServer } from '../src/app';
import { purgeExpiredSessionsJob } from '../src/jobs/purge-expired-sessions';
import { accSessionCleanupJob, SESSION_CLEANUP_SECONDS } from '../src/modules/acc/jobs';
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

  it("keep a delayed job's timer across a restart: the ACC session's one-hour clean-up (spec 1 §4)", async () => {
    const first = await start();
    const id = await first.queue.send(
      accSessionCleanupJob,
      { sessionId: 'timer-across-restart-0123', createdAt: new Date().toISOString() },
      undefined,
      { startAfterSeconds: SESSION_CLEANUP_SECONDS },
    );
    const delay = async (server: PlumblineServer) => {
      const result = await server.database.db.execute(
        sql`select extract(epoch from start_after - created_on)::int as s from pgboss.job where id = ${id}`,
      );
      return (result as unknown as { rows: Array<{ s: number }> }).rows[0]?.s;
    };
    expect(await delay(first)).toBe(SESSION_CLEANUP_SECONDS);
    await first.close();

    const second = await start();
    try {
      // Still waiting for its hour, with the same start.
      expect(await stateOf(second, id)).toBe('created');
      expect(await delay(second)).toBe(SESSION_CLEANUP_SECONDS);
      // The hour passes (its own schedule input, moved): the worker runs it.
      await second.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}`);
      await eventually(async () => (await stateOf(second, id)) === 'completed');
    } finally {
      await second.close();
    }
  });
});
