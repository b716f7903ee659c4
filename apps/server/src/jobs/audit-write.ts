import { z } from 'zod';
import { insertAuditEntry } from '../modules/audit/repo';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const auditWritePayload = z.object({
  actorId: z.string().uuid().nullable(),
  projectId: z.string().uuid().nullable(),
  action: z.string().min(1).max(100),
  targetType: z.string().min(1).max(50),
  targetId: z.string().max(200).nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string().datetime({ offset: true }),
});

export type AuditWritePayload = z.infer<typeof auditWritePayload>;

/** Writes one audit_log row. Idempotent: a retry after a lost acknowledgement writes nothing more. */
export const auditWriteJob: JobDefinition<AuditWritePayload, JobDeps> = {
  name: 'audit.write',
  payload: auditWritePayload,
  queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 },
  batchSize: 50,
  async handle({ db }, payload, job) {
    await insertAuditEntry(db, { ...payload, at: new Date(payload.at) }, job.id);
  },
};
