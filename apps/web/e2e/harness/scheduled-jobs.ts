import { join } from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { embeddedDatabaseUrl } from '../../../server/src/platform/embedded-postgres';
import type { RunningServer } from './server';

/** The embedded database of a server the test started (`startServer`). */
export function serverDatabaseUrl(server: RunningServer): string {
  const url = embeddedDatabaseUrl(join(server.dataDir, 'postgres'));
  if (!url) throw new Error('the server under test has no embedded database running');
  return url;
}

/** Runs SQL on the server's database (moving a stored time back: the clock of one row). */
export async function sqlOnServer(server: RunningServer, text: string, values: unknown[] = []) {
  const db = new pg.Client({ connectionString: serverDatabaseUrl(server) });
  await db.connect();
  try {
    return await db.query(text, values);
  } finally {
    await db.end();
  }
}

/**
 * The next run of one of the server's scheduled jobs, now: reads the schedule the server registered
 * with pg-boss (so a job the product does not schedule fails here) and sends the job its cron would
 * send, with the schedule's payload, into the server's queue, where its workers take it as they take
 * the cron's. Returns the schedule's cron expression.
 */
export async function runScheduledJob(server: RunningServer, name: string): Promise<string> {
  const boss = new PgBoss({
    connectionString: serverDatabaseUrl(server),
    schedule: false,
    supervise: false,
    migrate: false,
    max: 1,
  });
  boss.on('error', () => {}); // a failure shows in send() below
  await boss.start();
  try {
    const [schedule] = await boss.getSchedules(name);
    if (!schedule) throw new Error(`the server schedules no ${name} job`);
    const id = await boss.send(schedule.name, schedule.data ?? {});
    if (!id) throw new Error(`the queue refused the ${name} job`);
    return schedule.cron;
  } finally {
    await boss.stop({ graceful: false });
  }
}
