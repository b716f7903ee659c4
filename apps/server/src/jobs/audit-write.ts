import { type AuditWritePayload, auditWriteJob } from '../modules/audit/jobs';
import { appendAuditEntry } from '../modules/audit/repo';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/**
 * Runs {@link auditWriteJob} (declared, with its payload and retry policy, in modules/audit/jobs.ts):
 * appends the entry to the hash chain in one transaction, behind the chain head's row lock.
 */
export const auditWriteHandler: JobDefinition<AuditWritePayload, JobDeps> = {
  ...auditWriteJob,
  async handle({ db }, payload, job) {
    await db.transaction((tx) => appendAuditEntry(tx, { ...payload, at: new Date(payload.at) }, job.id));
  },
};
