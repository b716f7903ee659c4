import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { auditWriteJob } from './jobs';

export interface AuditEvent {
  actorId: string | null;
  projectId: string | null;
  /** Dotted verb, e.g. `project.updated`, `member.added`. */
  action: string;
  targetType: 'user' | 'project' | 'member' | 'invitation' | 'session';
  targetId: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records what happened. The entry travels as an `audit.write` job; pass the transaction the change
 * was written in so the entry is enqueued atomically with it.
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
