import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type Queue as QueueOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Database, DatabaseHandle } from './db';
import type { Logger } from './logger';
import { MemoryBudget } from './memory-admission';

/**
 * Background jobs on pg-boss, in the same PostgreSQL database as everything else (the embedded
 * server of one process, or an external one shared by any number of worker processes). A job is declared
 * once as a JobSpec (name, payload schema, retry policy) by the module that sends it; its handler in
 * src/jobs/ adds `handle` to make the JobDefinition the workers run. Senders need only the spec, so a
 * module never imports a handler (which imports modules).
 */
export interface JobSpec<TPayload> {
  name: string;
  payload: z.ZodType<TPayload>;
  queue: Omit<QueueOptions, 'name'>;
  /** Jobs fetched per round trip (default 1). A failing job fails its whole batch, so only for idempotent jobs. */
  batchSize?: number;
  /** Cron expression (UTC) on which pg-boss sends this job with an empty payload; one send per slot cluster-wide. */
  schedule?: string;
}

export interface JobDefinition<TPayload, TDeps> extends JobSpec<TPayload> {
  handle(deps: TDeps, payload: TPayload, job: { id: string; retryCount: number }): Promise<void>;
  /**
   * The memory one job needs, in bytes (a memory class, platform/memory-admission.ts): with a
   * worker memory budget, the job runs here only when it fits beside the running jobs, else it is
   * given back to the queue for another worker. Without it the job is always admitted.
   */
  memoryNeed?(deps: TDeps, payload: TPayload): Promise<number>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every payload type.
export type AnyJobDefinition<TDeps> = JobDefinition<any, TDeps>;

/**
 * What services need: sending a job. Pass the transaction a change is written in as `tx` and the job
 * is enqueued in that same transaction: both happen, or neither does.
 */
export interface JobSender {
  send<T>(definition: JobSpec<T>, payload: T, tx?: Database, options?: JobSendOptions): Promise<string>;
}

/**
 * A job's own retry policy and/or a delay: `startAfterSeconds` makes pg-boss hold the job in its table
 * until then (a timer that outlives a restart: the row is the timer).
 */
export type JobSendOptions = JobRetry | { startAfterSeconds: number };

/** A retry policy for one job instead of its queue's (a policy read from configuration). */
export interface JobRetry {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
}

/**
 * A worker holding a job refreshes its heartbeat every JOB_HEARTBEAT_REFRESH_SECONDS (2 s); a job whose
 * heartbeat is older than JOB_HEARTBEAT_SECONDS (10 s, pg-boss's least) is failed and retried: its
 * worker died (a kill, a lost machine). The last beat came at most 2 s before the kill and the
 * supervisor looks every SUPERVISE_INTERVAL_SECONDS (3 s), so a dead worker's job is queued again
 * 8-13 s after the kill and started after its retry delay (2-4 s for a first retry of
 * bimfile.process) and a poll: within 30 s (test/heartbeat-takeover.test.ts). A live job keeps
 * beating however long it runs, so `expireInSeconds` is only the outer bound of a job that hangs. The
 * beat needs the worker's event loop free for a few seconds at a time, which holds because CPU-heavy
 * work runs on worker threads (0157).
 */
export const JOB_HEARTBEAT_SECONDS = 10;
export const JOB_HEARTBEAT_REFRESH_SECONDS = 2;
const SUPERVISE_INTERVAL_SECONDS = 3;

export interface QueueStatus {
  status: 'up' | 'down';
  inProcessWorker: boolean;
  queued: number | null;
  active: number | null;
}

export interface JobQueueOptions {
  pollIntervalSeconds: number;
  logger: Logger;
  /**
   * Whether this process sends the jobs of the definitions' cron schedules (default true). False for
   * a server on a clock of its own (tests): wall-clock schedules would run its jobs at moments its
   * clock knows nothing of.
   */
  runSchedules?: boolean;
  /** The memory this process's jobs may reserve (WORKER_MEMORY_MB); without it, no admission. */
  memoryBudgetBytes?: number;
}

/** How long a job given back for want of memory waits before any worker may fetch it again. */
export const MEMORY_RETRY_SECONDS = 2;

const toMb = (bytes: number) => Math.round(bytes / (1024 * 1024));

export class JobQueue<TDeps> implements JobSender {
  private running = false;
  private workersStarted = false;
  private deps: TDeps | null = null;
  /** Workers per queue in this process (1 unless an admin raised it in Performance Settings). */
  private readonly concurrency = new Map<string, number>();
  /** What this process's running jobs reserved, when it has a memory budget. */
  private readonly memory: MemoryBudget | null;

  private constructor(
    private readonly boss: PgBoss,
    private readonly definitions: ReadonlyArray<AnyJobDefinition<TDeps>>,
    private readonly options: JobQueueOptions,
  ) {
    this.memory = options.memoryBudgetBytes ? new MemoryBudget(options.memoryBudgetBytes) : null;
  }

  /** Installs or upgrades pg-boss's schema (idempotent, safe across processes) and creates our queues. */
  static async start<TDeps>(
    database: DatabaseHandle,
    definitions: ReadonlyArray<AnyJobDefinition<TDeps>>,
    options: JobQueueOptions,
  ): Promise<JobQueue<TDeps>> {
    const boss = new PgBoss({
      connectionString: database.url,
      application_name: 'plumbline-queue',
      max: 5,
      // Expiry and heartbeat checks: one process does them per interval, whichever claims it first.
      superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      schedule: options.runSchedules !== false,
      // A job sent to a queue wakes its workers in every process at once (a NOTIFY in the sending
      // transaction, delivered at commit): the poll is left to find what no send announces, jobs
      // that become due later (retry delays, timers, a job given back, a dead worker's job).
      useListenNotify: true,
    });
    boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
    await boss.start();
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    // A dead-letter queue is created before the queue naming it (pg-boss checks it with a foreign key).
    const deadLetters = new Set(definitions.map((definition) => definition.queue.deadLetter));
    const ordered = [
      ...definitions.filter((definition) => deadLetters.has(definition.name)),
      ...definitions.filter((definition) => !deadLetters.has(definition.name)),
    ];
    for (const definition of ordered) {
      const options = { heartbeatSeconds: JOB_HEARTBEAT_SECONDS, notify: true, ...definition.queue };
      if (existing.has(definition.name)) await boss.updateQueue(definition.name, options);
      else await boss.createQueue(definition.name, options);
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {});
    }
    if (database.kind === 'embedded') await JobQueue.retryOrphans(boss, database.db, options.logger);
    const queue = new JobQueue(boss, definitions, options);
    queue.running = true;
    return queue;
  }

  /**
   * The embedded database admits one process (the data-directory lock), so a job still active when it
   * starts was running in a process that died: it is failed now, and retried after its queue's delay,
   * rather than left until its heartbeat goes stale. With PostgreSQL other live workers may hold
   * active jobs, so there the heartbeat decides (JOB_HEARTBEAT_SECONDS).
   */
  private static async retryOrphans(boss: PgBoss, db: Database, logger: Logger): Promise<void> {
    const result = await db.execute(sql`select id, name from pgboss.job where state = 'active'`);
    const orphans = (result as unknown as { rows: Array<{ id: string; name: string }> }).rows;
    for (const job of orphans) {
      await boss.fail(job.name, job.id, { message: 'The process running this job stopped; it is retried.' });
    }
    if (orphans.length > 0) logger.warn({ jobs: orphans.length }, 'jobs of a stopped process retried');
  }

  async send<T>(
    definition: JobSpec<T>,
    payload: T,
    tx?: Database,
    options?: JobSendOptions,
  ): Promise<string> {
    const data = definition.payload.parse(payload) as object;
    const id = await this.boss.send(definition.name, data, {
      ...(options && 'startAfterSeconds' in options ? { startAfter: options.startAfterSeconds } : options),
      ...(tx ? { db: fromDrizzle(tx as never, sql) } : {}),
    });
    if (!id) throw new Error(`The job queue refused a ${definition.name} job.`);
    return id;
  }

  /** Starts workers for every job definition in this process (`concurrency` per queue, default 1). */
  async startWorkers(deps: TDeps, concurrency: Record<string, number> = {}): Promise<void> {
    this.deps = deps;
    for (const definition of this.definitions) {
      this.concurrency.set(definition.name, concurrency[definition.name] ?? 1);
      await this.work(definition, deps);
    }
    this.workersStarted = true;
  }

  /** How many workers a queue runs in this process. */
  concurrencyOf(name: string): number {
    return this.concurrency.get(name) ?? 0;
  }

  /**
   * Changes how many jobs of a queue this process runs at once, without a restart: the queue's
   * workers stop fetching (running jobs finish) and start again with the new count.
   */
  async setConcurrency(name: string, workers: number): Promise<void> {
    const definition = this.definitions.find((d) => d.name === name);
    if (!definition || !this.deps || this.concurrency.get(name) === workers) return;
    this.concurrency.set(name, workers);
    await this.boss.offWork(name, { wait: false });
    await this.work(definition, this.deps);
  }

  private async work(definition: AnyJobDefinition<TDeps>, deps: TDeps): Promise<void> {
    await this.boss.work(
      definition.name,
      {
        pollingIntervalSeconds: this.options.pollIntervalSeconds,
        // With the NOTIFY listener up, pg-boss would stretch the poll to 30 s; a job due after a
        // delay (a retry, a timer) must still start within one poll of it being due.
        notifyPollingIntervalSeconds: this.options.pollIntervalSeconds,
        batchSize: definition.batchSize ?? 1,
        localConcurrency: this.concurrency.get(definition.name) ?? 1,
        heartbeatRefreshSeconds: JOB_HEARTBEAT_REFRESH_SECONDS,
      },
      async (jobs) => {
        for (const job of jobs) {
          const payload = definition.payload.parse(job.data);
          const log = this.options.logger.child({ job: definition.name, jobId: job.id });
          const started = performance.now();
          // Which process holds which job: operators reading logs, and the scale-out test.
          const need = this.memory && definition.memoryNeed ? await definition.memoryNeed(deps, payload) : 0;
          if (this.memory && need > 0 && !this.memory.admit(job.id, need)) {
            await this.giveBack(definition.name, job.id);
            log.info(
              { needMb: toMb(need), usedMb: toMb(this.memory.used), budgetMb: toMb(this.memory.budgetBytes) },
              'job given back: its memory class does not fit beside the running jobs',
            );
            continue;
          }
          log.debug({ retryCount: job.retryCount, memoryMb: toMb(need) }, 'job started');
          try {
            await definition.handle(deps, payload, { id: job.id, retryCount: job.retryCount });
            log.debug({ ms: Math.round(performance.now() - started) }, 'job completed');
          } catch (error) {
            log.error({ err: error, retryCount: job.retryCount }, 'job failed');
            throw error;
          } finally {
            this.memory?.release(job.id);
          }
        }
      },
    );
  }

  /**
   * Puts a fetched job back in the queue as it was before the fetch, not as a failure (no retry
   * used), fetchable again after MEMORY_RETRY_SECONDS by any worker. pg-boss completes a job only
   * while it is active under the fetch's attempt, so the completion after the handler is a no-op.
   */
  private async giveBack(name: string, id: string): Promise<void> {
    await this.boss.getDb().executeSql(
      `update pgboss.job set state = 'created', started_on = null, heartbeat_on = null,
           start_after = now() + make_interval(secs => $3)
         where name = $1 and id = $2 and state = 'active'`,
      [name, id, MEMORY_RETRY_SECONDS],
    );
  }

  async status(): Promise<QueueStatus> {
    if (!this.running)
      return { status: 'down', inProcessWorker: this.workersStarted, queued: null, active: null };
    try {
      const queues = await this.boss.getQueues(this.definitions.map((definition) => definition.name));
      return {
        status: 'up',
        inProcessWorker: this.workersStarted,
        queued: queues.reduce((sum, queue) => sum + queue.queuedCount, 0),
        active: queues.reduce((sum, queue) => sum + queue.activeCount, 0),
      };
    } catch {
      return { status: 'down', inProcessWorker: this.workersStarted, queued: null, active: null };
    }
  }

  /** Jobs of one queue by state (tests and diagnostics). */
  async findJobs(name: string) {
    return this.boss.findJobs(name);
  }

  /**
   * Stops fetching new jobs and waits up to `timeoutMs` for running ones to finish. A job still
   * running then is left active; its heartbeat stops, and another worker takes it up within 30 s.
   */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
