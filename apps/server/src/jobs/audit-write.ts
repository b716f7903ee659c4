import { type AuditWritePayload, auditWriteJob } from '../modules/audit/jobs';
import { insertAuditEntry } from '../modules/audit/repo';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/** Runs {@link auditWriteJob} (declared, with its payload and retry policy, in modules/audit/jobs.ts). */
export const auditWriteHandler: JobDefinition<AuditWritePayload, JobDeps> = {
  ...auditWriteJob,
  async handle({ db }, payload, job) {
    await insertAuditEntry(db, { ...payload, at: new Date(payload.at) }, job.id);
  },
};
