import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

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

/** Appends one audit_log row to the chain. Idempotent: a retry after a lost acknowledgement writes nothing more. */
export const auditWriteJob: JobSpec<AuditWritePayload> = {
  name: 'audit.write',
  payload: auditWritePayload,
  queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 },
  batchSize: 50,
};
