/**
 * A version's stored comparison (its history, written when it completed) per specification: the one
 * definition the Changes view's stored pair and the Overview's "since vN" lines both read.
 */
import type { OverviewChanges, SpecificationComparison } from '@plumbline/contracts';
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

/**
 * What each file's latest completed version changed against the version it was compared with when
 * it completed: files whose latest version has no stored comparison (the first, or not yet
 * compared) are left out. Read access is the caller's.
 */
export async function latestChanges(
  db: Database,
  files: readonly { fileId: string; fileName: string; versionId: string }[],
): Promise<OverviewChanges[]> {
  const out: OverviewChanges[] = [];
  for (const file of files) {
    const header = await repo.findStoredHeader(db, file.versionId);
    if (!header) continue;
    const [from, to] = await Promise.all([
      repo.versionRef(db, header.fromVersionId),
      repo.versionRef(db, file.versionId),
    ]);
    if (!from || !to) continue;
    const specifications = await storedSpecifications(db, file.versionId, header.fromVersionId);
    out.push({
      file_id: file.fileId,
      file_name: file.fileName,
      from_version: { id: from.id, version_number: from.versionNumber, version_tag: from.versionTag },
      to_version: { id: to.id, version_number: to.versionNumber, version_tag: to.versionTag },
      specifications: specifications.map((spec) => ({
        key: spec.key,
        name: spec.name,
        identifier: spec.identifier,
        compared: spec.compared,
        new: spec.counts.new,
        resolved: spec.counts.resolved,
        removed: spec.counts.removed,
      })),
    });
  }
  return out;
}
