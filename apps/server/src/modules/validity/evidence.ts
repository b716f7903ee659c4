import type { Database } from '../../platform/db';
import { type ValidityEvidence, validityEvidence } from './marks';
import * as repo from './repo';

/** The elements of the verdicts being answered (a page of them, or one element). */
export interface VerdictKeys {
  stepIds: readonly number[];
  globalIds: readonly (string | null)[];
}

/**
 * A version's validity evidence for marking the given verdicts (none for a version processed before
 * validity). Looked up for those elements only, by index, in the version's whole findings of the
 * marking rules (stored without the per-rule limit, decision 0330): correct for any number of
 * findings, and its cost follows the page, not the model.
 */
export async function loadValidityEvidence(
  db: Database,
  versionId: string,
  keys: VerdictKeys,
): Promise<ValidityEvidence> {
  const globalIds = [...new Set(keys.globalIds.filter((g): g is string => g !== null))];
  const stepIds = [...new Set(keys.stepIds)];
  return validityEvidence(await repo.listMarkingFindings(db, versionId, { stepIds, globalIds }));
}
