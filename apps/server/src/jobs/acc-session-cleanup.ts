import type { AccSessionCleanupPayload } from '../modules/acc/jobs';
import { accSessionCleanupJob } from '../modules/acc/jobs';
import { deleteSessionIfStartedBy } from '../modules/acc/repo';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/** The one-hour timer of an Autodesk session (spec 1 §4) has run out: its row goes, tokens and all. */
export const accSessionCleanupHandler: JobDefinition<AccSessionCleanupPayload, JobDeps> = {
  ...accSessionCleanupJob,
  async handle({ db, logger }, payload) {
    const deleted = await deleteSessionIfStartedBy(db, payload.sessionId, new Date(payload.createdAt));
    if (deleted) logger.info('ACC session cleaned up by its timer');
  },
};
