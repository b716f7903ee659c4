import { comparisonTotalsAsRead } from '../modules/history';
import { type ComparisonStoredPayload, comparisonStoredJob } from '../modules/history/jobs';
import { claimComparisonNotice, comparisonContext, mailComparison } from '../modules/notifications';
import { messageParams, queueComparisonDeliveries, versionComparedEvent } from '../modules/webhooks';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/**
 * "A version's comparison was stored" (issue 30's hook point, modules/history/jobs.ts): people are
 * told (decision 0290). In one transaction: the notice is claimed by this job's id (a retried job
 * writes nothing twice), members who asked for it get a mail, each project webhook gets a delivery
 * with its own job. The sending happens in those jobs, never here.
 */
export const comparisonStoredHandler: JobDefinition<ComparisonStoredPayload, JobDeps> = {
  ...comparisonStoredJob,
  async handle(deps, payload, job) {
    const context = await comparisonContext(deps.db, payload);
    if (!context) return; // the version, its predecessor or the project went meanwhile
    // The counts as read now, the version's waivers applied (decision 0370); the payload's are the engine's.
    const counts = await comparisonTotalsAsRead(deps.db, payload, { ...payload.counts, waived: 0 });
    const at = deps.clock.now();
    const notice = {
      eventId: job.id,
      occurredAt: at,
      cause: payload.cause,
      project: { id: context.projectId, name: context.projectName },
      file: { id: context.fileId, name: context.fileName },
      version: { id: payload.toVersionId, tag: context.versionTag },
      previousVersion: { id: payload.fromVersionId, tag: context.previousTag },
      counts,
      elements: {
        matched_by_global_id: payload.elements.matchedByGlobalId,
        matched_by_content: payload.elements.matchedByContent,
        added: payload.elements.added,
        removed: payload.elements.removed,
      },
    };
    const told = await deps.db.transaction(async (tx) => {
      if (!(await claimComparisonNotice(tx, { eventId: job.id, projectId: context.projectId, at })))
        return null;
      const mails = await mailComparison(
        tx,
        deps.jobs,
        context.projectId,
        messageParams(deps.appUrl, notice),
        at,
      );
      const hooks = await queueComparisonDeliveries(tx, deps.jobs, deps.webhooks.config, {
        projectId: context.projectId,
        eventId: job.id,
        event: versionComparedEvent(deps.appUrl, notice),
        at,
      });
      return { mails, hooks };
    });
    deps.logger.info(
      {
        projectId: context.projectId,
        fileId: payload.fileId,
        fromVersionId: payload.fromVersionId,
        toVersionId: payload.toVersionId,
        cause: payload.cause,
        counts,
        ...told,
      },
      'version comparison stored',
    );
  },
};
