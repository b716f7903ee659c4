import type { VersionFailure } from '@plumbline/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import {
  bimFiles,
  elementProperties,
  elementResults,
  elements,
  fileVersions,
  idsFiles,
  idsSpecifications,
  projects,
  resultEntities,
  specificationFacetFailures,
  specificationResults,
  versionAttributeStats,
  versionValidityFindings,
  versionValidityRules,
} from '../../schema';
import { writeComplianceSummaries } from '../compliance';
import type { ComparisonRows } from '../history';
import { refreshVersionTotals } from '../overview';
import { applyToProcessedVersion } from '../waivers';
import type { SpecificationKeyRow, StoredModel, StoredResults } from './analyse';
import { facetFailureRows } from './facet-failures';
import { writeMetadataFacets } from './facets-writer';
import { updateSpecificationKeys, writeHistory } from './history-writer';
import { loadVersionPartition, type OutputHooks, replaceVersionRows, timed } from './output-writer';

export interface VersionToProcess {
  id: string;
  projectId: string;
  bimFileId: string;
  versionNumber: number;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  sizeBytes: number;
  /** The model's SHA-256 (part of its result key, reuse-key.ts). */
  sha256: string;
  storageKey: string;
  fileName: string;
  /** The queued re-check this run answers (see clearRecheck); null when none was queued. */
  recheckQueuedAt: Date | null;
  /** The key of the results the version holds (reuse-key.ts); null when it holds none. */
  resultKey: string | null;
}

export async function findVersionToProcess(
  db: Database,
  versionId: string,
): Promise<VersionToProcess | null> {
  const [row] = await db
    .select({
      id: fileVersions.id,
      projectId: bimFiles.projectId,
      bimFileId: fileVersions.bimFileId,
      versionNumber: fileVersions.versionNumber,
      status: fileVersions.status,
      sizeBytes: fileVersions.sizeBytes,
      sha256: fileVersions.sha256,
      storageKey: fileVersions.storageKey,
      fileName: bimFiles.name,
      recheckQueuedAt: fileVersions.recheckQueuedAt,
      resultKey: fileVersions.resultKey,
    })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .where(eq(fileVersions.id, versionId));
  return row ?? null;
}

/** The newest completed version of the file before `versionNumber`: what a version is compared with. */
export async function findPreviousCompletedVersion(
  db: Database,
  bimFileId: string,
  versionNumber: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: fileVersions.id })
    .from(fileVersions)
    .where(
      and(
        eq(fileVersions.bimFileId, bimFileId),
        eq(fileVersions.status, 'completed'),
        sql`${fileVersions.versionNumber} < ${versionNumber}`,
      ),
    )
    .orderBy(sql`${fileVersions.versionNumber} desc`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * The next completed version after `versionNumber` when its stored comparison is not with `versionId`
 * (it completed before this one, or compared with a version since deleted); null when none is.
 */
export async function nextVersionComparedWithAnother(
  db: Database,
  bimFileId: string,
  versionNumber: number,
  versionId: string,
): Promise<string | null> {
  const [row] = await rowsOf<{ id: string; fromVersionId: string | null }>(
    db,
    sql`select fv.id, vc.from_version_id as "fromVersionId"
        from file_versions fv left join version_comparisons vc on vc.file_version_id = fv.id
        where fv.bim_file_id = ${bimFileId} and fv.status = 'completed' and fv.version_number > ${versionNumber}
        order by fv.version_number limit 1`,
  );
  return row && row.fromVersionId !== versionId ? row.id : null;
}

/** The explorer file a version shares with the version its rows were copied from; null: its own or none. */
export async function explorerFileKeyOf(db: Database, versionId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: fileVersions.explorerFileKey })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  return row?.key ?? null;
}

export async function markProcessing(db: Database, versionId: string): Promise<void> {
  await db
    .update(fileVersions)
    .set({ status: 'processing', errorCode: null, errorParams: null })
    .where(eq(fileVersions.id, versionId));
}

/** A failed version's columns: why, as a code and its values (issue 31: no sentence is stored). */
function failedState(failure: VersionFailure, at: Date) {
  return {
    status: 'failed' as const,
    errorCode: failure.code,
    errorParams: failure.params,
    elementsCount: null,
    processedAt: at,
    recheckQueuedAt: null,
    resultKey: null,
  };
}

/** Marks a version failed with why, as a code and its values (issue 31: no sentence is stored). */
export async function markFailed(
  db: Database,
  versionId: string,
  failure: VersionFailure,
  at: Date,
): Promise<void> {
  await db.update(fileVersions).set(failedState(failure, at)).where(eq(fileVersions.id, versionId));
}

/**
 * Marks a version failed only while it is still pending or processing; false when it had settled
 * (completed, or failed by its own handler) or no longer exists.
 */
export async function markFailedUnlessSettled(
  db: Database,
  versionId: string,
  failure: VersionFailure,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(fileVersions)
    .set(failedState(failure, at))
    .where(and(eq(fileVersions.id, versionId), inArray(fileVersions.status, ['pending', 'processing'])))
    .returning({ id: fileVersions.id });
  return rows.length > 0;
}

export interface ActiveIdsFile {
  id: string;
  name: string;
  storageKey: string;
  /** The SHA-256 of the file's bytes: its part of a result key (reuse-key.ts idsContent). */
  sha256: string;
  /** The lineage the file's requirement keys belong to (issue 30). */
  lineageId: string;
  /** Specification ids by their position in the file. */
  specificationIds: string[];
}

export async function listActiveIdsFiles(db: Database, projectId: string): Promise<ActiveIdsFile[]> {
  const files = await db
    .select({
      id: idsFiles.id,
      name: idsFiles.name,
      storageKey: idsFiles.storageKey,
      sha256: idsFiles.sha256,
      lineageId: idsFiles.lineageId,
    })
    .from(idsFiles)
    .where(and(eq(idsFiles.projectId, projectId), eq(idsFiles.isActive, true)))
    .orderBy(asc(idsFiles.createdAt));
  if (files.length === 0) return [];
  const specs = await db
    .select({
      id: idsSpecifications.id,
      fileId: idsSpecifications.idsFileId,
      position: idsSpecifications.position,
    })
    .from(idsSpecifications)
    .where(
      inArray(
        idsSpecifications.idsFileId,
        files.map((f) => f.id),
      ),
    )
    .orderBy(asc(idsSpecifications.position));
  return files.map((file) => ({
    ...file,
    specificationIds: specs.filter((s) => s.fileId === file.id).map((s) => s.id),
  }));
}

export interface WriteHooks extends OutputHooks {
  /** Called between the analysis and its write (tests change the project's IDS files here). */
  beforeWrite?: () => Promise<void> | void;
}

/**
 * What a run checked against: the project's active IDS files as it loaded them (an edited file gets a
 * new storage key, so an added requirement changes it too).
 */
export function idsFingerprint(files: readonly ActiveIdsFile[]): string {
  return JSON.stringify(files.map((f) => [f.id, f.storageKey, f.specificationIds]));
}

/**
 * Thrown inside a write when the project's active IDS files changed after the run loaded them: its
 * results answer a question nobody asks any more, and written after a newer run's they would replace
 * the right figures with stale ones. The caller checks again against the files as they are now.
 */
export class StaleIdsError extends Error {
  constructor() {
    super('The active IDS files changed while the version was being checked');
  }
}

/** Locks the version row so two jobs for one version write one after the other. */
async function lockVersion(tx: Database, versionId: string): Promise<void> {
  await tx.execute(sql`select 1 from file_versions where id = ${versionId} for update`);
}

/**
 * Locks the version, then refuses the write if the run's IDS files are no longer the active ones.
 * Under the lock, so of two runs the one that writes last is always one that saw the current files.
 */
export async function lockForWrite(
  tx: Database,
  versionId: string,
  projectId: string,
  checkedAgainst: string,
): Promise<void> {
  await lockVersion(tx, versionId);
  if (idsFingerprint(await listActiveIdsFiles(tx, projectId)) !== checkedAgainst) throw new StaleIdsError();
}

async function replaceResults(tx: Database, versionId: string, results: StoredResults, hooks: WriteHooks) {
  // Column arrays, not a values list: a national IDS pack has tens of thousands of specifications,
  // and a values list that long overflows the query builder's stack.
  const specs = results.specifications;
  await replaceVersionRows(
    tx,
    specificationResults,
    versionId,
    {
      specificationId: specs.map((s) => s.specificationId),
      status: specs.map((s) => s.status),
      reason: specs.map((s) => s.reason),
      applicableCount: specs.map((s) => s.applicableCount),
      passedCount: specs.map((s) => s.passedCount),
      failedCount: specs.map((s) => s.failedCount),
    },
    hooks,
  );
  const elementRows = await loadVersionPartition(tx, elementResults, versionId, results.elements, hooks);
  await replaceVersionRows(tx, resultEntities, versionId, results.entities, hooks);
  await replaceVersionRows(tx, specificationFacetFailures, versionId, facetFailureRows(results), hooks);
  // Attached here, not last with the other partitions: the compliance summaries and totals read them.
  await elementRows.attach();
  await timed(hooks, 'compliance summaries', () => writeComplianceSummaries(tx, versionId));
  await timed(hooks, 'version totals', () => refreshVersionTotals(tx, [versionId]));
}

/** What a run writes of a version's check, and what it must still hold true to write it. */
export interface ResultsToWrite {
  versionId: string;
  projectId: string;
  results: StoredResults;
  at: Date;
  /** The queued re-check the run read (clearRecheck). */
  recheckQueuedAt: Date | null;
  /** idsFingerprint of the files the results were checked against. */
  checkedAgainst: string;
  /** The results' key (reuse-key.ts), stored with them so a version with the same key copies them. */
  resultKey?: string;
  /** The comparison with the previous completed version (null: none), and the specifications' keys. */
  history: ComparisonRows | null;
  specificationKeys: SpecificationKeyRow[];
  /**
   * Runs last in the transaction, with the comparison's header when one was stored: where the
   * service queues what follows a stored comparison (history/jobs.ts) and records the waivers the
   * version flagged for review, in the same transaction.
   */
  afterWrite?: (tx: Database, written: WrittenVersion) => Promise<void>;
}

/** What the write did that the service acts on, in the same transaction. */
export interface WrittenVersion {
  /** Approved waivers this version flagged as needing review (their failure changed, issue 32). */
  flaggedWaivers: string[];
}

/** The comparison and the keys, written in the version's transaction. */
async function writeComparison(tx: Database, input: ResultsToWrite, hooks: WriteHooks): Promise<void> {
  await timed(hooks, 'specification keys', () => updateSpecificationKeys(tx, input.specificationKeys));
  await writeHistory(tx, input.versionId, input.history, input.at, hooks);
}

/**
 * Replaces everything stored for a version in one transaction: elements, properties and results
 * are deleted and written again, then the version is marked completed. A crash at any point rolls
 * the whole of it back, and a retry starts from the same clean slate.
 *
 * With `explorerFile` (the version's Parquet file being written into storage, decision 0435) the
 * property rows are not written to PostgreSQL: the file is their store, and the transaction waits
 * for it before the version can read completed (a failed file fails the write, and the job is
 * retried). Without it (`EXPLORER_STORE=sql`) they go into the version's `element_properties`
 * partition as before.
 */
export async function writeProcessedVersion(
  db: Database,
  input: ResultsToWrite & { model: StoredModel; explorerFile?: Promise<unknown> },
  hooks: WriteHooks = {},
): Promise<void> {
  const { versionId, model, explorerFile } = input;
  await db.transaction(async (tx) => {
    await timed(hooks, 'lock', () => lockForWrite(tx, versionId, input.projectId, input.checkedAgainst));
    const elementRows = await loadVersionPartition(tx, elements, versionId, model.elements, hooks);
    const properties = explorerFile
      ? null
      : await loadVersionPartition(tx, elementProperties, versionId, model.properties, hooks);
    await replaceVersionRows(tx, versionAttributeStats, versionId, model.attributeStats, hooks);
    await writeMetadataFacets(tx, versionId, model.facetCounts, hooks);
    await replaceVersionRows(tx, versionValidityRules, versionId, model.validity.rules, hooks);
    await replaceVersionRows(tx, versionValidityFindings, versionId, model.validity.findings, hooks);
    await replaceResults(tx, versionId, input.results, hooks);
    await writeComparison(tx, input, hooks);
    // Before the attaches: nothing of the version is visible, and no parent lock is held, while it waits.
    if (explorerFile) await timed(hooks, 'explorer file', () => explorerFile);
    // Last, so the parent tables' locks are held only for the attach and the commit (output-writer.ts).
    await elementRows.attach();
    await properties?.attach();
    // Waivers find their elements by key in the attached elements (issue 32).
    const flaggedWaivers = await timed(hooks, 'waivers', () =>
      applyToProcessedVersion(tx, versionId, input.at),
    );
    await tx
      .update(fileVersions)
      .set({
        status: 'completed',
        errorCode: null,
        errorParams: null,
        elementsCount: model.elements.count,
        ifcHeaderFileName: model.origin.headerFileName ?? null,
        ifcHeaderTimeStamp: model.origin.headerTimeStamp ?? null,
        ifcProjectGlobalId: model.origin.projectGlobalId ?? null,
        ifcSchema: model.schema,
        ifcSchemaSubstitution: model.origin.schemaSubstitution ?? null,
        processedAt: input.at,
        checkedAt: input.at,
        recheckQueuedAt: clearRecheck(input.recheckQueuedAt),
        resultKey: input.resultKey ?? null,
        explorerFileKey: null,
      })
      .where(eq(fileVersions.id, versionId));
    await tx.update(projects).set({ lastProcessedAt: input.at }).where(eq(projects.id, input.projectId));
    await input.afterWrite?.(tx, { flaggedWaivers });
  });
}

/** Re-check only: replaces the results of a completed version, leaving its elements as they are. */
export async function writeRecheckedVersion(
  db: Database,
  input: ResultsToWrite,
  hooks: WriteHooks = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await timed(hooks, 'lock', () =>
      lockForWrite(tx, input.versionId, input.projectId, input.checkedAgainst),
    );
    await replaceResults(tx, input.versionId, input.results, hooks);
    await writeComparison(tx, input, hooks);
    const flaggedWaivers = await timed(hooks, 'waivers', () =>
      applyToProcessedVersion(tx, input.versionId, input.at),
    );
    await tx
      .update(fileVersions)
      .set({
        checkedAt: input.at,
        recheckQueuedAt: clearRecheck(input.recheckQueuedAt),
        resultKey: input.resultKey ?? null,
      })
      .where(eq(fileVersions.id, input.versionId));
    await input.afterWrite?.(tx, { flaggedWaivers });
  });
}

/**
 * Clears the re-check marker only if it is still the one this run read: a re-check queued while the
 * run was checking (another IDS change) keeps the file marked until its own job writes.
 */
export function clearRecheck(read: Date | null) {
  return read === null
    ? sql`${fileVersions.recheckQueuedAt}`
    : sql`case when ${fileVersions.recheckQueuedAt} = ${read.toISOString()}::timestamptz then null else ${fileVersions.recheckQueuedAt} end`;
}

/**
 * Marks the given versions as awaiting a re-check (their results are about to change). A version still
 * pending or processing is marked too: a run that loaded the IDS files before the change leaves the
 * marker in place (clearRecheck), so screens keep polling until the re-check's own job has written.
 */
export async function markRechecksQueued(db: Database, versionIds: string[], at: Date): Promise<void> {
  if (versionIds.length === 0) return;
  await db.update(fileVersions).set({ recheckQueuedAt: at }).where(inArray(fileVersions.id, versionIds));
}

/** The newest version of every file in a project (what a change of active IDS files re-checks). */
export async function listLatestVersionIds(db: Database, projectId: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select distinct on (fv.bim_file_id) fv.id
    from file_versions fv join bim_files bf on bf.id = fv.bim_file_id
    where bf.project_id = ${projectId}
    order by fv.bim_file_id, fv.version_number desc`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}
