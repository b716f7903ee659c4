import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { generateIfc } from '@plumbline/ifc-gen';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../src/jobs';
import { processBimFileJob } from '../src/modules/bimfiles/jobs';
import { markInterrupted } from '../src/modules/processing/service';
import { storageKeys } from '../src/modules/storage/keys';
import { interruptConversion } from '../src/modules/viewer/conversion';
import { systemClock } from '../src/platform/clock';
import { openDatabase } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { JobQueue } from '../src/platform/queue';
import { LocalDiskStorage } from '../src/platform/storage/local-disk';
import { testBackend } from './support/backends';
import { type Running, run, until } from './support/child-processes';

// Issue 34, the kill storm's loss (decision 0434): a processing job whose worker is killed on its last
// attempt is failed for good by pg-boss's heartbeat check, with no handler of ours running. Before the
// dead-letter queue its version read `processing` for ever; now the dead letter's handler marks it
// failed `interrupted` and mails the uploader. Two `npm run worker` processes on one PostgreSQL
// database; the job is sent with no retry (the limit reached at once), and the one that starts it
// is killed with SIGKILL. The survivor's supervision fails the job; its dead-letter worker settles
// the version.

/** Whether a worker logged (LOG_LEVEL=debug) that it started this job. */
function started(running: Running, jobId: string): boolean {
  return running
    .output()
    .split('\n')
    .some((line) => line.includes('"job started"') && line.includes(`"jobId":"${jobId}"`));
}

describe('dead-letter queue', () => {
  const processes: Running[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const running of processes) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    await Promise.all(processes.map((running) => running.exited));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('a processing job failed for good by its heartbeat fails its version as interrupted', async () => {
    const { target, drop } = await testBackend().create();
    cleanups.push(drop);
    if (target.kind !== 'postgres') throw new Error('separate workers need a PostgreSQL server');
    const workDir = mkdtempSync(join(tmpdir(), 'plumbline-dead-letter-'));
    cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
    const dataDir = join(workDir, 'data');

    // A model big enough that its processing is still running when the kill lands.
    const modelPath = join(workDir, 'model.ifc');
    await generateIfc({ targetBytes: 12_000_000, seed: 35, out: modelPath });
    const bytes = readFileSync(modelPath);

    const database = new pg.Client({ connectionString: target.url });
    await database.connect();
    cleanups.push(() => database.end());
    const one = async (text: string, values: unknown[] = []) =>
      (await database.query<{ id: string }>(text, values)).rows[0]?.id as string;
    const email = 'dead-letter@example.com';
    const user = await one(
      `insert into users (email, password_hash, full_name) values ($1, 'x', 'D') returning id`,
      [email],
    );
    const project = await one(
      `insert into projects (name, created_by, owner_user_id) values ('Dead letter', $1, $1) returning id`,
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
      `insert into file_versions (id, bim_file_id, version_number, version_tag, size_bytes, sha256, storage_key, created_by)
       values ($1, $2, 1, 'v1', $3, $4, $5, $6)`,
      [versionId, file, stored.size, stored.sha256, key, user],
    );

    const env = {
      DATABASE_URL: target.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'dead-letter-secret-that-is-long-enough-0123456789',
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

    // Sent with no retry: the one attempt is the last, as the fourth of a storm's victims was.
    const handle = await openDatabase(target);
    const queue = await JobQueue.start(handle, jobDefinitions, {
      pollIntervalSeconds: 60,
      logger: createLogger('silent'),
      runSchedules: false,
    });
    const jobId = await queue.send(processBimFileJob, { fileVersionId: versionId, mode: 'full' }, undefined, {
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
    });
    await queue.stop(1000);
    await handle.close();

    const holder = await until(
      'a worker to start the job',
      () => workers.find((worker) => started(worker, jobId)),
      workers,
    );
    const status = async () =>
      (
        await database.query<{ status: string; errorCode: string | null }>(
          `select status, error_code as "errorCode" from file_versions where id = $1`,
          [versionId],
        )
      ).rows[0];
    await until(
      'the version to be processing',
      async () => (await status())?.status === 'processing',
      workers,
    );
    holder.child.kill('SIGKILL');
    await holder.exited;
    processes.splice(processes.indexOf(holder), 1);
    const survivor = workers.find((worker) => worker !== holder)!;
    const [atKill] = (
      await database.query<{ state: string }>(`select state from pgboss.job where id = $1`, [jobId])
    ).rows;
    expect(atKill?.state, 'the job finished before the kill landed').toBe('active');
    expect(await status()).toEqual({ status: 'processing', errorCode: null });

    // The survivor's supervision fails the job for good by its heartbeat; no handler ran it to an end.
    const failed = await until(
      'the job to fail by its heartbeat',
      async () =>
        (
          await database.query<{ output: { value?: { message?: string } } | null }>(
            `select output from pgboss.job where id = $1 and state = 'failed'`,
            [jobId],
          )
        ).rows[0],
      [survivor],
    );
    expect(failed.output?.value?.message).toBe('job heartbeat timeout');

    // Then nothing of the version's processing is left to run: no job of the processing queue or its
    // dead letter waiting or running.
    await until(
      'the processing queues to settle',
      async () =>
        Number(
          (
            await database.query<{ n: string }>(
              `select count(*) as n from pgboss.job
                where name like 'bimfile.process%' and state in ('created', 'retry', 'active')`,
            )
          ).rows[0]?.n,
        ) === 0,
      [survivor],
    );
    expect(started(survivor, jobId), 'the job was retried despite its limit').toBe(false);
    expect(await status()).toEqual({ status: 'failed', errorCode: 'interrupted' });
    const mails = await database.query<{ toAddress: string; kind: string }>(
      `select to_address as "toAddress", kind from email_outbox`,
    );
    expect(mails.rows).toEqual([expect.objectContaining({ toAddress: email })]);
    survivor.child.kill('SIGTERM');
    await survivor.exited;
  }, 600_000);

  it('a dead letter leaves what its handler settled alone and fails a conversion not ready', async () => {
    const { target, drop } = await testBackend().create();
    cleanups.push(drop);
    if (target.kind !== 'postgres') throw new Error('the test backends are PostgreSQL servers');
    const handle = await openDatabase(target);
    cleanups.push(() => handle.close());
    const deps = { db: handle.db, clock: systemClock };
    const database = new pg.Client({ connectionString: target.url });
    await database.connect();
    cleanups.push(() => database.end());
    const one = async (text: string, values: unknown[] = []) =>
      (await database.query<{ id: string }>(text, values)).rows[0]?.id as string;
    const user = await one(
      `insert into users (email, password_hash, full_name) values ('settled@example.com', 'x', 'S') returning id`,
    );
    const project = await one(
      `insert into projects (name, created_by, owner_user_id) values ('Settled', $1, $1) returning id`,
      [user],
    );
    const file = await one(
      `insert into bim_files (project_id, name, source_filename) values ($1, 'S.ifc', 'S.ifc') returning id`,
      [project],
    );
    const version = async (number: number, status: string, errorCode: string | null) =>
      one(
        `insert into file_versions (bim_file_id, version_number, version_tag, size_bytes, sha256, storage_key, status, error_code)
         values ($1, $2, $3, 1, 'x', $4, $5, $6) returning id`,
        [file, number, `v${number}`, `k${number}`, status, errorCode],
      );
    const completed = await version(1, 'completed', null);
    const failedByHandler = await version(2, 'failed', 'processing_failed');
    const pending = await version(3, 'pending', null);
    expect(await markInterrupted(deps, completed)).toBe(false);
    expect(await markInterrupted(deps, failedByHandler)).toBe(false);
    expect(await markInterrupted(deps, pending)).toBe(true);
    const statuses = await database.query<{ id: string; status: string; errorCode: string | null }>(
      `select id, status, error_code as "errorCode" from file_versions order by version_number`,
    );
    expect(statuses.rows).toEqual([
      { id: completed, status: 'completed', errorCode: null },
      { id: failedByHandler, status: 'failed', errorCode: 'processing_failed' },
      { id: pending, status: 'failed', errorCode: 'interrupted' },
    ]);

    await database.query(
      `insert into file_version_fragments (file_version_id, status, storage_key, updated_at)
       values ($1, 'ready', 'frag', now()), ($2, 'converting', null, now())`,
      [completed, failedByHandler],
    );
    expect(await interruptConversion(deps, completed)).toBe(false);
    expect(await interruptConversion(deps, failedByHandler)).toBe(true);
    const fragments = await database.query<{ id: string; status: string; error: string | null }>(
      `select file_version_id as id, status, error from file_version_fragments order by status`,
    );
    expect(fragments.rows).toEqual([
      { id: completed, status: 'ready', error: null },
      { id: failedByHandler, status: 'failed', error: null },
    ]);
  });
});
