import type { IdsFacet } from '@plumbline/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import {
  attributeRecommendations,
  idsFiles,
  idsSpecifications,
  specificationFacetFailures,
  specificationResults,
  versionAttributeStats,
} from '../../schema';
import { refreshVersionTotals, versionsCheckedAgainst } from '../overview';

export interface CheckedVersion {
  id: string;
  elementsCount: number;
}

/** The newest completed version of each file that belongs to the project (manage files: included). */
export async function latestCompletedVersions(db: Database, projectId: string): Promise<CheckedVersion[]> {
  const rows = await db.execute<{ id: string; elements_count: number | null }>(sql`
    select distinct on (fv.bim_file_id) fv.id, fv.elements_count
    from file_versions fv join bim_files bf on bf.id = fv.bim_file_id
    where bf.project_id = ${projectId} and bf.included and fv.status = 'completed'
    order by fv.bim_file_id, fv.version_number desc`);
  return (rows as unknown as { rows: { id: string; elements_count: number | null }[] }).rows.map((r) => ({
    id: r.id,
    elementsCount: r.elements_count ?? 0,
  }));
}

export type StatRow = typeof versionAttributeStats.$inferSelect;

export async function listStats(db: Database, versionIds: readonly string[]): Promise<StatRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(versionAttributeStats)
    .where(inArray(versionAttributeStats.fileVersionId, [...versionIds]))
    .orderBy(asc(versionAttributeStats.propertySet), asc(versionAttributeStats.name));
}

export async function findStat(
  db: Database,
  versionIds: readonly string[],
  propertySet: string,
  name: string,
): Promise<StatRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(versionAttributeStats)
    .where(
      and(
        inArray(versionAttributeStats.fileVersionId, [...versionIds]),
        eq(versionAttributeStats.propertySet, propertySet),
        eq(versionAttributeStats.name, name),
      ),
    );
}

export interface ActiveSpecificationRow {
  id: string;
  name: string;
  description: string | null;
  position: number;
  idsFileId: string;
  idsFileName: string;
  applicabilityFacets: IdsFacet[];
  requirementFacets: IdsFacet[];
}

/** Specifications of the project's active IDS files, in file then document order. */
export async function listActiveSpecifications(
  db: Database,
  projectId: string,
): Promise<ActiveSpecificationRow[]> {
  return db
    .select({
      id: idsSpecifications.id,
      name: idsSpecifications.name,
      description: idsSpecifications.description,
      position: idsSpecifications.position,
      idsFileId: idsFiles.id,
      idsFileName: idsFiles.name,
      applicabilityFacets: idsSpecifications.applicabilityFacets,
      requirementFacets: idsSpecifications.requirementFacets,
    })
    .from(idsSpecifications)
    .innerJoin(idsFiles, eq(idsFiles.id, idsSpecifications.idsFileId))
    .where(and(eq(idsFiles.projectId, projectId), eq(idsFiles.isActive, true)))
    .orderBy(asc(idsFiles.createdAt), asc(idsSpecifications.position));
}

export async function listSpecificationResults(db: Database, versionIds: readonly string[]) {
  if (versionIds.length === 0) return [];
  return db
    .select({
      versionId: specificationResults.fileVersionId,
      specificationId: specificationResults.specificationId,
      applicable: specificationResults.applicableCount,
      passed: specificationResults.passedCount,
      failed: specificationResults.failedCount,
    })
    .from(specificationResults)
    .where(inArray(specificationResults.fileVersionId, [...versionIds]));
}

/** How many applicable elements fail each requirement facet (by index) of each specification on the version. */
export async function facetFailureCounts(db: Database, versionId: string) {
  return db
    .select({
      specification_id: specificationFacetFailures.specificationId,
      facet_index: specificationFacetFailures.facetIndex,
      failed: specificationFacetFailures.failedCount,
    })
    .from(specificationFacetFailures)
    .where(eq(specificationFacetFailures.fileVersionId, versionId));
}

export async function listRecommendations(db: Database, projectId: string) {
  return db
    .select({
      propertySet: attributeRecommendations.propertySet,
      name: attributeRecommendations.name,
      status: attributeRecommendations.status,
    })
    .from(attributeRecommendations)
    .where(eq(attributeRecommendations.projectId, projectId));
}

export async function upsertRecommendation(
  tx: Database,
  row: {
    projectId: string;
    propertySet: string;
    name: string;
    status: string;
    updatedBy: string;
    updatedAt: Date;
  },
): Promise<void> {
  await tx
    .insert(attributeRecommendations)
    .values(row)
    .onConflictDoUpdate({
      target: [
        attributeRecommendations.projectId,
        attributeRecommendations.propertySet,
        attributeRecommendations.name,
      ],
      set: { status: row.status, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
    });
}

export async function findSpecificationWithFile(db: Database, specificationId: string) {
  const [row] = await db
    .select({
      id: idsSpecifications.id,
      name: idsSpecifications.name,
      position: idsSpecifications.position,
      key: idsSpecifications.key,
      idsFileId: idsFiles.id,
      lineageId: idsFiles.lineageId,
      projectId: idsFiles.projectId,
      fileName: idsFiles.name,
      isActive: idsFiles.isActive,
      storageKey: idsFiles.storageKey,
    })
    .from(idsSpecifications)
    .innerJoin(idsFiles, eq(idsFiles.id, idsSpecifications.idsFileId))
    .where(eq(idsSpecifications.id, specificationId));
  return row ?? null;
}

/** Points the IDS file at its rewritten content; the old stored object is deleted after commit. */
export async function replaceIdsFileContent(
  tx: Database,
  idsFileId: string,
  content: { storageKey: string; sizeBytes: number; sha256: string; updatedAt: Date },
): Promise<void> {
  await tx.update(idsFiles).set(content).where(eq(idsFiles.id, idsFileId));
}

/**
 * Replaces a specification's requirements and their keys (and its own key, where it had none); the
 * overview figures of versions checked against it follow.
 */
export async function setRequirementFacets(
  tx: Database,
  specificationId: string,
  facets: IdsFacet[],
  keys: { key: string; requirementKeys: string[] },
): Promise<void> {
  await tx
    .update(idsSpecifications)
    .set({ requirementFacets: facets, key: keys.key, requirementKeys: keys.requirementKeys })
    .where(eq(idsSpecifications.id, specificationId));
  await refreshVersionTotals(tx, await versionsCheckedAgainst(tx, sql`${specificationId}::uuid`));
}

/** Locks the IDS file row for the rest of the transaction and returns its current storage key. */
export async function lockIdsFile(tx: Database, idsFileId: string): Promise<string | null> {
  const rows = await tx.execute<{ storage_key: string }>(
    sql`select storage_key from ids_files where id = ${idsFileId} for update`,
  );
  return (rows as unknown as { rows: { storage_key: string }[] }).rows[0]?.storage_key ?? null;
}
