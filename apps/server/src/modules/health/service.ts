import type { HealthResponse } from '@plumbline/contracts';
import type { DatabaseHandle } from '../../platform/db';
import type { QueueStatus } from '../../platform/queue';

export interface HealthDeps {
  database: Pick<DatabaseHandle, 'kind' | 'ping'>;
  queue: { status(): Promise<QueueStatus> } | null;
  version: string;
  startedAt: number;
}

export function createHealthService(deps: HealthDeps) {
  return {
    async check(): Promise<HealthResponse> {
      const [database, queue] = await Promise.all([checkDatabase(deps.database), checkQueue(deps.queue)]);
      return {
        status: database.status === 'up' && queue.status === 'up' ? 'ok' : 'degraded',
        version: deps.version,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
        database,
        queue,
      };
    },
  };
}

async function checkDatabase(database: HealthDeps['database']): Promise<HealthResponse['database']> {
  try {
    return { status: 'up', kind: database.kind, latencyMs: await database.ping() };
  } catch {
    return { status: 'down', kind: database.kind, latencyMs: null };
  }
}

async function checkQueue(queue: HealthDeps['queue']): Promise<HealthResponse['queue']> {
  if (!queue) return { status: 'down', inProcessWorker: false, queued: null, active: null };
  return queue.status();
}

export type HealthService = ReturnType<typeof createHealthService>;
