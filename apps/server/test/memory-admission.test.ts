import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { type JobDefinition, JobQueue } from '../src/platform/queue';
import { testBackend } from './support/backends';
import { eventually } from './support/server';

// Memory-class admission (decision 0433): a worker with room for one of two jobs by memory, and two
// workers' worth of concurrency, runs them one after the other, giving the second back to the queue
// (not failing it) while the first runs. Real pg-boss on the test database.
const MiB = 1024 * 1024;

interface Gate {
  open: () => void;
  opened: Promise<void>;
}
function gate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('memory-class admission', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('two jobs that do not fit together on a worker run one after the other, neither failed', async () => {
    const { target, drop } = await testBackend().create();
    cleanups.push(drop);
    const database: DatabaseHandle = await openDatabase(target);
    cleanups.push(() => database.close());

    const running = new Set<string>();
    let mostAtOnce = 0;
    const gates = new Map<string, Gate>([
      ['first', gate()],
      ['second', gate()],
    ]);
    const started: string[] = [];
    const definition: JobDefinition<{ name: string; mb: number }, null> = {
      name: 'test.memory-admission',
      payload: z.object({ name: z.string(), mb: z.number() }),
      queue: { retryLimit: 0, expireInSeconds: 600 },
      memoryNeed: async (_deps, payload) => payload.mb * MiB,
      async handle(_deps, payload) {
        started.push(payload.name);
        running.add(payload.name);
        mostAtOnce = Math.max(mostAtOnce, running.size);
        await gates.get(payload.name)?.opened;
        running.delete(payload.name);
      },
    };
    const lines: Array<{ msg: string; jobId?: string }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // 1 GiB for the worker; each job needs 768 MiB: one fits, two do not.
    const queue = await JobQueue.start(database, [definition], {
      pollIntervalSeconds: 0.5,
      logger: createLogger('debug', sink),
      runSchedules: false,
      memoryBudgetBytes: 1024 * MiB,
    });
    cleanups.push(() => queue.stop(2000));
    await queue.startWorkers(null, { [definition.name]: 2 });

    const first = await queue.send(definition, { name: 'first', mb: 768 });
    await eventually(async () => started.includes('first'));
    const second = await queue.send(definition, { name: 'second', mb: 768 });
    // The worker fetches the second while the first runs, and gives it back.
    await eventually(async () =>
      lines.some((line) => line.jobId === second && line.msg.startsWith('job given back')),
    );
    expect(started).toEqual(['first']);
    const [held] = (await queue.findJobs(definition.name)).filter((job) => job.id === second);
    expect(held?.retryCount).toBe(0);

    // Once the first is done, the second runs, as its first attempt.
    gates.get('first')?.open();
    await eventually(async () => started.includes('second'));
    gates.get('second')?.open();
    const jobs = await eventually(async () => {
      const all = await queue.findJobs(definition.name);
      return all.every((job) => job.state === 'completed') && all;
    });
    expect(jobs.map((job) => job.id).sort()).toEqual([first, second].sort());
    expect(jobs.every((job) => job.retryCount === 0)).toBe(true);
    expect(started).toEqual(['first', 'second']);
    expect(mostAtOnce).toBe(1);
  });

  it('two jobs that fit together run at once', async () => {
    const { target, drop } = await testBackend().create();
    cleanups.push(drop);
    const database: DatabaseHandle = await openDatabase(target);
    cleanups.push(() => database.close());
    const both = gate();
    const started = new Set<string>();
    const definition: JobDefinition<{ name: string; mb: number }, null> = {
      name: 'test.memory-fits',
      payload: z.object({ name: z.string(), mb: z.number() }),
      queue: { retryLimit: 0, expireInSeconds: 600 },
      memoryNeed: async (_deps, payload) => payload.mb * MiB,
      async handle(_deps, payload) {
        started.add(payload.name);
        if (started.size === 2) both.open();
        await both.opened; // neither finishes until both have started
      },
    };
    const queue = await JobQueue.start(database, [definition], {
      pollIntervalSeconds: 0.5,
      logger: createLogger('silent'),
      runSchedules: false,
      memoryBudgetBytes: 1024 * MiB,
    });
    cleanups.push(() => queue.stop(2000));
    await queue.startWorkers(null, { [definition.name]: 2 });
    await queue.send(definition, { name: 'a', mb: 512 });
    await queue.send(definition, { name: 'b', mb: 512 });
    await eventually(async () => {
      const all = await queue.findJobs(definition.name);
      return all.length === 2 && all.every((job) => job.state === 'completed');
    });
    expect([...started].sort()).toEqual(['a', 'b']);
  });
});
