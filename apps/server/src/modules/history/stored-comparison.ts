/**
 * A version's stored comparison (its history, written when it completed) per specification, for a
 * pair neither of whose versions has a waived result (service.ts reads it; decision 0370).
 */
import type { SpecificationComparison } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import * as repo from './repo';
import { storedSpecificationComparisons } from './summary';

/** Per specification, the stored comparison of `toVersionId` with `fromVersionId` (the header's). */
export async function storedSpecifications(
  db: Database,
  toVersionId: string,
  fromVersionId: string,
): Promise<SpecificationComparison[]> {
  const [now, before, changes, facetFailures] = await Promise.all([
    repo.checkedSpecifications(db, toVersionId),
    repo.checkedSpecifications(db, fromVersionId),
    repo.changeCounts(db, toVersionId),
    repo.facetFailureCounts(db, toVersionId),
  ]);
  return storedSpecificationComparisons({ now, before, changes, facetFailures });
}
