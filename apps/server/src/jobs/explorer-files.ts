import { z } from 'zod';
import { migrateExplorerFiles } from '../modules/metadata/columnar/migrate';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/** Per run: at most this many versions, and no new one after this long. */
const VERSIONS_PER_RUN = 20;
const RUN_MS = 5 * 60_000;

/**
 * The background migration to explorer files (decisions 0274, 0435): every ten minutes, completed
 * versions processed before the columnar store get their Parquet file from their PostgreSQL rows,
 * newest first, one at a time; the SQL store answers each until then, and the next sweep drops the
 * version's `element_properties` partition.
 */
export const explorerFilesJob: JobDefinition<Record<string, never>, JobDeps> = {
  name: 'explorer.files-migrate',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { retryLimit: 1, expireInSeconds: 15 * 60 },
  schedule: '*/10 * * * *',
  async handle({ db, storage, columnar, logger }) {
    if (!columnar) return;
    const started = performance.now();
    const outcome = await migrateExplorerFiles(
      { db, storage, columnar },
      { versions: VERSIONS_PER_RUN, stop: () => performance.now() - started > RUN_MS },
    );
    if (outcome.written > 0 || outcome.dropped > 0)
      logger.info(outcome, 'explorer files written for earlier versions, their property rows dropped');
  },
};
