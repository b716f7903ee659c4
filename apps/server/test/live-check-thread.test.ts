import { afterEach, describe, expect, it } from 'vitest';
import { ResidentWorker, WorkerBusyError } from '../src/platform/resident-worker';
import { eventually } from './support/server';

/**
 * The live check's resident thread (platform/resident-worker.ts with live-check-worker.ts): answers
 * in order, refuses beyond its queue, ends when idle and when closed.
 */
describe('the live check thread', () => {
  let worker: ResidentWorker | null = null;
  afterEach(async () => {
    await worker?.close();
    worker = null;
  });

  it('answers a request on its thread, refuses one past the queue, and ends after its idle time', async () => {
    worker = new ResidentWorker({
      entry: 'live-check-worker',
      idleMs: 200,
      maxPending: 1,
      threadOptions: { budgetBytes: 1024 },
    });
    const first = worker.request(
      { versionId: 'v', ids: '<ids/>' },
      { timeLimitMs: 600_000, limitMessage: 'slow' },
    );
    await expect(
      worker.request({ versionId: 'v', ids: '<ids/>' }, { timeLimitMs: 600_000, limitMessage: 'slow' }),
    ).rejects.toBeInstanceOf(WorkerBusyError);
    expect(await first).toEqual({ kind: 'need-model' });
    expect(worker.running).toBe(true);
    await eventually(async () => !worker?.running);
  });

  it('refuses requests once closed', async () => {
    worker = new ResidentWorker({ entry: 'live-check-worker', idleMs: 60_000, maxPending: 4 });
    await worker.close();
    await expect(
      worker.request({ versionId: 'v', ids: '' }, { timeLimitMs: 1000, limitMessage: 'slow' }),
    ).rejects.toThrow(/closed/);
  });
});
