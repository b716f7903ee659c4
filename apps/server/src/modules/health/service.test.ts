import { describe, expect, it } from 'vitest';
import { createHealthService } from './service';

const upQueue = {
  status: async () => ({ status: 'up' as const, inProcessWorker: true, queued: 3, active: 1 }),
};

describe('health service', () => {
  it('is ok when the database answers and the queue is up', async () => {
    const health = createHealthService({
      database: { kind: 'postgres', ping: async () => 1.5 },
      queue: upQueue,
      version: '1.2.3',
      startedAt: Date.now() - 5000,
    });
    expect(await health.check()).toEqual({
      status: 'ok',
      version: '1.2.3',
      uptimeSeconds: 5,
      database: { status: 'up', kind: 'postgres', latencyMs: 1.5 },
      queue: { status: 'up', inProcessWorker: true, queued: 3, active: 1 },
    });
  });

  it('is degraded with the database down (no latency) or without a queue', async () => {
    const failing = {
      kind: 'embedded' as const,
      ping: async () => Promise.reject(new Error('connection refused')),
    };
    const noDatabase = await createHealthService({
      database: failing,
      queue: upQueue,
      version: 'x',
      startedAt: Date.now(),
    }).check();
    expect(noDatabase).toMatchObject({
      status: 'degraded',
      database: { status: 'down', kind: 'embedded', latencyMs: null },
    });
    const noQueue = await createHealthService({
      database: { kind: 'embedded', ping: async () => 1 },
      queue: null,
      version: 'x',
      startedAt: Date.now(),
    }).check();
    expect(noQueue).toMatchObject({
      status: 'degraded',
      queue: { status: 'down', queued: null, active: null },
    });
  });
});
