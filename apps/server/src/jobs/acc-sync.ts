import { z } from 'zod';
import { ApsError } from '../modules/acc/aps-client';
import { projectsWithHooks } from '../modules/acc/hooks-repo';
import { listSyncCandidates } from '../modules/acc/repo';
import { createAccService } from '../modules/acc/service';
import { createAuditRecorder } from '../modules/audit/service';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const HOUR = 3_600_000;
/** How long after its last sync a project is due, by its plan's refresh frequency (spec 3 §6). */
const DUE_AFTER: Record<string, number> = {
  hourly: HOUR - 5 * 60_000,
  daily: 24 * HOUR - 30 * 60_000,
  weekly: 7 * 24 * HOUR - HOUR,
};

/**
 * Pulls new Autodesk versions of each ACC project at its plan's frequency (weekly, daily, hourly; a
 * manual plan never, and a plan that does not allow refreshes is skipped by the query). With plans off
 * (BILLING=off) projects sync daily. A project whose connection needs re-authorising waits for it.
 * This is the polling path for projects without Autodesk webhooks (no PUBLIC_URL, or none registered).
 */
export const syncAccProjectsJob: JobDefinition<Record<string, never>, JobDeps> = {
  name: 'acc.sync',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { retryLimit: 1, expireInSeconds: 30 * 60 },
  schedule: '7 * * * *',
  async handle(deps) {
    if (!deps.acc) return;
    const { db, clock, jobs, logger } = deps;
    const service = createAccService({
      db,
      clock,
      jobs,
      audit: createAuditRecorder(jobs, clock),
      connector: deps.acc.connector,
    });
    const now = clock.now().getTime();
    const candidates = await listSyncCandidates(db, deps.billing.enabled);
    // A project Autodesk calls back (decision 0360) is polled only daily, as a safety net.
    const hooked = deps.acc.hooks
      ? await projectsWithHooks(
          db,
          candidates.map((c) => c.projectId),
        )
      : new Set<string>();
    for (const project of candidates) {
      const planned = deps.billing.enabled ? project.frequency : 'daily';
      const frequency = hooked.has(project.projectId) && planned === 'hourly' ? 'daily' : planned;
      const dueAfter = frequency ? DUE_AFTER[frequency] : undefined;
      if (dueAfter === undefined) continue;
      if (project.lastSyncedAt && now - project.lastSyncedAt.getTime() < dueAfter) continue;
      try {
        const found = (await service.newVersions(project.projectId)) ?? [];
        const queued = await db.transaction((tx) =>
          service.addNewVersions(tx, project.projectId, found, null),
        );
        if (queued > 0) logger.info({ projectId: project.projectId, queued }, 'ACC project synced');
      } catch (error) {
        // One project's trouble (revoked access, Autodesk down) does not stop the others.
        const status = error instanceof ApsError ? error.status : (error as { status?: number }).status;
        logger.warn({ projectId: project.projectId, status }, 'ACC project sync failed');
      }
    }
  },
};
