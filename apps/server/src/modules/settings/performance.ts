// Performance Settings (issue 13): how many model-processing and report jobs run at once in a process.
// Stored once for the installation; applied to this process's workers at once, and read by every
// process (API or `npm run worker`) when it starts.
import {
  DEFAULT_PERFORMANCE_SETTINGS,
  type PerformanceSettings,
  performanceSettingsSchema,
} from '@plumbline/contracts';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { installationSettings } from '../../schema';

const KEY = 'performance';

/** The queues each setting drives (job names, see src/jobs). */
export function queueConcurrency(settings: PerformanceSettings): Record<string, number> {
  return {
    'bimfile.process': settings.processing_concurrency,
    'report.generate': settings.report_concurrency,
  };
}

export async function readPerformanceSettings(db: Database): Promise<PerformanceSettings> {
  const [row] = await db.select().from(installationSettings).where(eq(installationSettings.key, KEY));
  const parsed = performanceSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_PERFORMANCE_SETTINGS;
}

export function createPerformanceService(deps: {
  db: Database;
  clock: Clock;
  /** Applies a queue's concurrency to this process's workers (none when workers run elsewhere). */
  apply: (queue: string, workers: number) => Promise<void>;
}) {
  const requireAdmin = (role: string) => {
    if (role !== 'admin') throw new HttpError('admin_required');
  };
  return {
    async get(role: string): Promise<PerformanceSettings> {
      requireAdmin(role);
      return readPerformanceSettings(deps.db);
    },
    async update(role: string, settings: PerformanceSettings): Promise<PerformanceSettings> {
      requireAdmin(role);
      await deps.db
        .insert(installationSettings)
        .values({ key: KEY, value: settings, updatedAt: deps.clock.now() })
        .onConflictDoUpdate({
          target: installationSettings.key,
          set: { value: settings, updatedAt: deps.clock.now() },
        });
      for (const [queue, workers] of Object.entries(queueConcurrency(settings)))
        await deps.apply(queue, workers);
      return settings;
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
