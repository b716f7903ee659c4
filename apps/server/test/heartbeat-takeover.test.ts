import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { generateIfc } from '@plumbline/ifc-gen';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../src/jobs';
import { processBimFileJob } from '../src/modules/bimfiles/jobs';
import { storageKeys } from '../src/modules/storage/keys';
import { openDatabase } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { JobQueue } from '../src/platform/queue';
import { LocalDiskStorage } from '../src/platform/storage/local-disk';
import { testBackend } from './support/backends';
import { type Running, run, until } from './support/child-processes';

// Issue 34 point 5: a killed worker's job is taken up by another within 30 s (the queue's heartbeat,
// platform/queue.ts). Two `npm run worker` processes on one PostgreSQL database and one DATA_DIR; the
// one holding a bimfile.process job is killed with SIGKILL. The interval is read from the database's
// own clock: `now()` just before the kill, and the job's `started_on` of the attempt that follows.
const TAKE_OVER_LIMIT_MS = 30_000;

/** The `job started` lines a worker logged (LOG_LEVEL=debug) for one job. */
function starts(running: Running, jobId: string): Array<{ retryCount: number }> {
  return running
    .output()
    .split('\n')
    .filter((line) => line.includes('"job started"') && line.includes(`"jobId":"${jobId}"`))
    .map((line) => JSON.parse(line) as { retryCount: number });
}

describe('heartbeat take-over', () => {
  const processes: Running[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const running of processes) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    await Promise.all(processes.map((running) => running.exited));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('a worker killed holding a processing job: another starts it within 30 s', async () => {
    const { target, drop } = await testBackend().create();
    cleanups.push(drop);
    if (target.kind !== 'postgres') throw new Error('separate workers need a PostgreSQL server');
    const workDir = mkdtempSync(join(tmpdir(), 'plumbline-takeover-'));
    cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
    const dataDir = join(workDir, 'data');

    // A model big enough that its processing is still running when the kill lands.
    const modelPath = join(workDir, 'model.ifc');
    await generateIfc({ targetBytes: 12_000_000, seed: 34, out: modelPath });
    const bytes = readFileSync(modelPath);

    const database = new pg.Client({ connectionString: target.url });
    await database.connect();
    cleanups.push(() => database.end());
    const one = async (text: string, values: unknown[] = []) =>
      (await database.query<{ id: string }>(text, values)).rows[0]?.id as string;
    const user = await one(
      `insert into users (email, password_hash, full_name) values ('takeover@example.com', 'x', 'T') returning id`,
    );
    const project = await one(
      `insert into projects (name, created_by, owner_user_id) values ('Take-over', $1, $1) returning id`,
      [user],
    );
    const file = await one(
      `insert into bim_files (project_id, name, source_filename) values ($1, 'Big.ifc', 'Big.ifc') returning id`,
      [project],
    );
    const versionId = crypto.randomUUID();
    const key = storageKeys.bimFileVersion(project, versionId);
    const stored = await new LocalDiskStorage(join(dataDir, 'files')).putStream(key, Readable.from([bytes]));
    await database.query(
      `insert into file_versions (id, bim_file_id, version_number, version_tag, size_bytes, sha256, storage_key)
       values ($1, $2, 1, 'v1', $3, $4, $5)`,
      [versionId, file, stored.size, stored.sha256, key],
    );

    const env = {
      DATABASE_URL: target.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'takeover-secret-that-is-long-enough-0123456789',
      DEMO_SEED: 'false',
      QUEUE_POLL_INTERVAL_SECONDS: '0.5',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
      LOG_LEVEL: 'debug',
    };
    const workers = [run('worker A', 'src/worker.ts', env), run('worker B', 'src/worker.ts', env)];
    processes.push(...workers);
    await until(
      'both workers',
      () => workers.every((worker) => worker.output().includes('Plumbline worker started')),
      workers,
    );

    // The job is sent from here, then this process's queue stops: only the workers supervise.
    const handle = await openDatabase(target);
    const queue = await JobQueue.start(handle, jobDefinitions, {
      pollIntervalSeconds: 60,
      logger: createLogger('silent'),
      runSchedules: false,
    });
    const jobId = await queue.send(processBimFileJob, { fileVersionId: versionId, mode: 'full' });
    await queue.stop(1000);
    await handle.close();

    const holder = await until(
      'a worker to start the job',
      () => workers.find((worker) => starts(worker, jobId).length > 0),
      workers,
    );
    const killedAt = (await database.query<{ now: Date }>('select now() as now')).rows[0]!.now;
    holder.child.kill('SIGKILL');
    await holder.exited;
    processes.splice(processes.indexOf(holder), 1);
    const survivor = workers.find((worker) => worker !== holder)!;
    const [atKill] = (
      await database.query<{ state: string; retryCount: number }>(
        `select state, retry_count as "retryCount" from pgboss.job where id = $1`,
        [jobId],
      )
    ).rows;
    expect(atKill, 'the job finished before the kill landed').toEqual({ state: 'active', retryCount: 0 });

    // The survivor takes it up as a retry; the attempt's start is in the job's row.
    await until('the other worker to start the job', () => starts(survivor, jobId).length > 0, [survivor]);
    const [retried] = (
      await database.query<{ retryCount: number; startedOn: Date; output: unknown }>(
        `select retry_count as "retryCount", started_on as "startedOn" from pgboss.job where id = $1`,
        [jobId],
      )
    ).rows;
    expect(retried?.retryCount).toBe(1);
    const takeOverMs = retried!.startedOn.getTime() - killedAt.getTime();
    console.info(
      `heartbeat take-over: the killed worker's job started again ${takeOverMs} ms after the kill`,
    );
    expect(takeOverMs).toBeGreaterThan(0);
    expect(takeOverMs).toBeLessThan(TAKE_OVER_LIMIT_MS);

    // And it completes there, once.
    await until('the version to complete', async () => {
      const { rows } = await database.query<{ status: string; error: string | null }>(
        'select status, error_code as error from file_versions where id = $1',
        [versionId],
      );
      if (rows[0]?.status === 'failed') throw new Error(`the version failed: ${rows[0].error}`);
      return rows[0]?.status === 'completed';
    }, [survivor]);
    expect(starts(holder, jobId)).toEqual([expect.objectContaining({ retryCount: 0 })]);
    survivor.child.kill('SIGTERM');
    await survivor.exited;
  }, 600_000);
});
