import { type ComparisonStoredPayload, comparisonStoredJob } from '../modules/history/jobs';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/**
 * "A version's comparison was stored" (issue 30's hook point, modules/history/jobs.ts): sent once per
 * stored comparison, in the transaction that stored it, with the project, the file, both versions
 * and the counts. Notifications (mail to subscribers, outbound webhooks) attach here; until then
 * the event is logged.
 */
export const comparisonStoredHandler: JobDefinition<ComparisonStoredPayload, JobDeps> = {
  ...comparisonStoredJob,
  async handle(deps, payload) {
    deps.logger.info(
      {
        projectId: payload.projectId,
        fileId: payload.fileId,
        fromVersionId: payload.fromVersionId,
        toVersionId: payload.toVersionId,
        cause: payload.cause,
        counts: payload.counts,
      },
      'version comparison stored',
    );
  },
};
