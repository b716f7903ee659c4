import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { auditWriteJob } from './jobs';

export interface AuditEvent {
  actorId: string | null;
  projectId: string | null;
  /** Dotted verb, e.g. `project.updated`, `member.added` (AUDIT_ACTIONS in packages/contracts). */
  action: string;
  targetType:
    | 'user'
    | 'project'
    | 'member'
    | 'invitation'
    | 'session'
    | 'token'
    | 'waiver'
    | 'subscription'
    | 'installation';
  targetId: string | null;
  /** What happened; a change puts the old and new values under `before` and `after`. */
  details?: Record<string, unknown>;
}

/**
 * Records what happened. The entry travels as an `audit.write` job; pass the transaction the change
 * was written in so the entry is enqueued atomically with it. The job appends it to the hash chain
 * (repo.ts appendAuditEntry).
 */
export function createAuditRecorder(jobs: JobSender, clock: Clock) {
  return {
    async record(event: AuditEvent, tx?: Database): Promise<void> {
      await jobs.send(
        auditWriteJob,
        { ...event, details: event.details ?? {}, at: clock.now().toISOString() },
        tx,
      );
    },
  };
}

export type AuditRecorder = ReturnType<typeof createAuditRecorder>;
