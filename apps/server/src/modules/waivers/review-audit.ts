// Needs review (issue 32): a new version changed the failure an approved waiver was granted against,
// so it stopped applying. Processing flags it (apply.ts); this puts the change in the audit trail,
// in the version's transaction, like every other change of a waiver's state.
import type { Database } from '../../platform/db';
import type { AuditRecorder } from '../audit';
import * as repo from './repo';

export async function auditNeedsReview(
  tx: Database,
  audit: AuditRecorder,
  waiverIds: readonly string[],
  versionId: string,
): Promise<void> {
  for (const waiver of await repo.waiversByIds(tx, waiverIds)) {
    await audit.record(
      {
        actorId: null,
        projectId: waiver.projectId,
        action: 'waiver.needs_review',
        targetType: 'waiver',
        targetId: waiver.id,
        details: {
          scope: waiver.scope,
          fileId: waiver.bimFileId,
          specificationKey: waiver.specificationKey,
          requirementKey: waiver.requirementKey,
          subject: waiver.subject,
          versionId,
          before: { state: 'approved' },
          after: { state: waiver.state },
        },
      },
      tx,
    );
  }
}
