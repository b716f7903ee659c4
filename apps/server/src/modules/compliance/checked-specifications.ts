import type { FacetCardinality, IdsFacet } from '@plumbline/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { idsFiles, idsSpecifications, specificationResults } from '../../schema';

/** A specification checked on a version, with its IDS file and its outcome there. */
export interface CheckedSpecificationRow {
  id: string;
  name: string;
  description: string | null;
  identifier: string | null;
  cardinality: FacetCardinality;
  position: number;
  idsFileId: string;
  idsFileName: string;
  idsStorageKey: string;
  idsSha256: string;
  status: string;
  reason: string | null;
  applicable: number;
  passed: number;
  failed: number;
  applicabilityFacets: IdsFacet[];
  requirementFacets: IdsFacet[];
}

/**
 * Every specification checked on the version (its specification_results), in the order every screen
 * lists them: IDS file by name (then upload), then position in the file. The element inspector and
 * the assistant both read them here, so they list them alike.
 */
export async function checkedSpecifications(
  db: Database,
  versionId: string,
): Promise<CheckedSpecificationRow[]> {
  return db
    .select({
      id: idsSpecifications.id,
      name: idsSpecifications.name,
      description: idsSpecifications.description,
      identifier: idsSpecifications.identifier,
      cardinality: idsSpecifications.cardinality,
      position: idsSpecifications.position,
      idsFileId: idsFiles.id,
      idsFileName: idsFiles.name,
      idsStorageKey: idsFiles.storageKey,
      idsSha256: idsFiles.sha256,
      status: specificationResults.status,
      reason: specificationResults.reason,
      applicable: specificationResults.applicableCount,
      passed: specificationResults.passedCount,
      failed: specificationResults.failedCount,
      applicabilityFacets: idsSpecifications.applicabilityFacets,
      requirementFacets: idsSpecifications.requirementFacets,
    })
    .from(specificationResults)
    .innerJoin(idsSpecifications, eq(idsSpecifications.id, specificationResults.specificationId))
    .innerJoin(idsFiles, eq(idsFiles.id, idsSpecifications.idsFileId))
    .where(eq(specificationResults.fileVersionId, versionId))
    .orderBy(asc(idsFiles.name), asc(idsFiles.createdAt), asc(idsFiles.id), asc(idsSpecifications.position));
}
