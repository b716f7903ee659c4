import type { Database } from '../../platform/db';
import { MARKING_RULES, type ValidityEvidence, validityEvidence } from './marks';
import * as repo from './repo';

/** A version's validity evidence for marking its IDS verdicts (none for a version processed before validity). */
export async function loadValidityEvidence(db: Database, versionId: string): Promise<ValidityEvidence> {
  return validityEvidence(await repo.listMarkingFindings(db, versionId, MARKING_RULES));
}
