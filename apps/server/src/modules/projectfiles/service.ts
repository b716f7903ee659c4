import {
  ACC_AUTH_ERROR_CODES,
  ACC_ITEM_PREFIX,
  type AccErrorCode,
  type AccFile,
  type AvailableFile,
  type FileSelectionResponse,
  fileSelectionProblem,
  type ProjectRefreshResponse,
  REFRESH_COOLDOWN_HOURS,
  refreshHoursLeft,
} from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import { type AccService, toAvailableAccItem } from '../acc';
import type { AuditRecorder } from '../audit';
import type { BillingEnforcement } from '../billing';
import { type BimFileSummaryRow, listProjectBimFiles, queueProcessing } from '../bimfiles';
import { queueRechecks } from '../processing';
import { type ProjectRow, requireProjectPermission, requireProjectReader } from '../projects';
import { releaseModels, storageKeys } from '../storage';
import { ProjectFilesError } from './errors';
import * as repo from './repo';

type AccStatus = 'ok' | 'reauth_required' | 'unavailable';

function toAvailableFile(row: BimFileSummaryRow): AvailableFile {
  return {
    id: row.id,
    name: row.name,
    size_bytes: row.totalSizeBytes,
    latest_size_bytes: row.latest?.sizeBytes ?? 0,
    version_count: row.versionCount,
    type: row.name.split('.').pop()?.toLowerCase() ?? 'ifc',
    included: row.included,
  };
}

export function createProjectFilesService(deps: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  jobs: JobSender;
  audit: AuditRecorder;
  /** The plan's refresh rule and file limits (billing: the same limits uploads are checked against). */
  limits: Pick<BillingEnforcement, 'assertRefreshAllowed' | 'fileLimits'>;
  /** ACC projects: a refresh also pulls the new Autodesk versions of their files (null: ACC is off). */
  acc?: Pick<
    AccService,
    'newVersions' | 'addNewVersions' | 'availableItems' | 'importedItemIds' | 'importItems' | 'refetchFailed'
  > | null;
}) {
  const { db, clock, storage, jobs, audit } = deps;

  /**
   * The ACC items of a linked project not imported yet (manage files lists them beside its files), and
   * how Autodesk answered; null for a project of uploads.
   */
  async function accItems(projectId: string): Promise<{ items: AccFile[]; status: AccStatus } | null> {
    const acc = deps.acc;
    if (!acc) return null;
    try {
      const items = await acc.availableItems(projectId);
      if (!items) return null;
      const imported = await acc.importedItemIds(projectId);
      return {
        items: items.filter((f) => !imported.has(f.id)),
        status: 'ok',
      };
    } catch (error) {
      const code = (error as { code?: string }).code as AccErrorCode | undefined;
      const reauth = code !== undefined && ACC_AUTH_ERROR_CODES.includes(code);
      return { items: [], status: reauth ? 'reauth_required' : 'unavailable' };
    }
  }

  async function selection(project: ProjectRow): Promise<FileSelectionResponse> {
    const files = await listProjectBimFiles(db, project.id);
    const acc = await accItems(project.id);
    return {
      files: [...files.map(toAvailableFile), ...(acc?.items ?? []).map(toAvailableAccItem)],
      limits: await deps.limits.fileLimits(db, project.id),
      acc: acc ? { status: acc.status } : null,
    };
  }

  /** Removes stored objects after the rows are gone; a failure leaves an orphan blob, never a dangling row. */
  async function deleteBlobs(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => storage.delete(key)));
  }

  return {
    /** The project's uploaded files with their included flag, and the plan limits (manage files). */
    async getSelection(userId: string | null, projectId: string): Promise<FileSelectionResponse> {
      const { project } = await requireProjectReader({ db, userId }, projectId);
      return selection(project);
    },

    /** Sets which uploaded files belong to the project, within the plan limits (spec 2 §5). */
    async setSelection(userId: string, projectId: string, fileIds: string[]): Promise<FileSelectionResponse> {
      const { project } = await requireProjectPermission({ db, userId }, projectId, 'files.select');
      const files = await listProjectBimFiles(db, projectId);
      const byId = new Map<string, AvailableFile>(files.map((f) => [f.id, toAvailableFile(f)]));
      const unique = [...new Set(fileIds)];
      // ACC items not imported yet are asked of Autodesk again, so only what is there now is imported.
      const wantsAcc = unique.some((id) => id.startsWith(ACC_ITEM_PREFIX));
      const acc = wantsAcc ? await accItems(projectId) : null;
      if (wantsAcc && acc?.status !== 'ok') throw new ProjectFilesError('acc_unreachable');
      const accById = new Map((acc?.items ?? []).map((item) => [`${ACC_ITEM_PREFIX}${item.id}`, item]));
      for (const [id, item] of accById) byId.set(id, toAvailableAccItem(item));
      if (unique.some((id) => !byId.has(id))) throw new ProjectFilesError('unknown_file');
      const chosen = unique.map((id) => byId.get(id) as AvailableFile);
      const problem = fileSelectionProblem(chosen, await deps.limits.fileLimits(db, projectId));
      if (problem)
        throw new ProjectFilesError('selection_invalid', { messageId: problem.id, params: problem.params });
      const ids = unique.filter((id) => !id.startsWith(ACC_ITEM_PREFIX));
      const toImport = unique.flatMap((id) => accById.get(id) ?? []);
      await db.transaction(async (tx) => {
        if (toImport.length > 0 && deps.acc) {
          await deps.acc.importItems(tx, projectId, userId, toImport, clock.now());
          ids.push(
            ...(await repo.fileIdsOfItems(
              tx,
              projectId,
              toImport.map((f) => f.id),
            )),
          );
        }
        await repo.setIncludedFiles(tx, projectId, ids);
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'project.files_selected',
            targetType: 'project',
            targetId: projectId,
            details: { fileIds: ids, imported: toImport.length },
          },
          tx,
        );
      });
      return selection(project);
    },

    /**
     * Re-processes the newest version of each included file (spec 2 §4 'Project refresh'); in a
     * project imported from ACC, a file with new Autodesk versions imports those instead (smart
     * refresh). Refused for 24 hours after the project's last processing; a refresh starts that clock.
     * Autodesk is asked before the transaction; its 401 reaches the browser's reconnect flow.
     */
    async refresh(userId: string, projectId: string): Promise<ProjectRefreshResponse> {
      const { project } = await requireProjectPermission({ db, userId }, projectId, 'project.refresh');
      const now = clock.now();
      // The plan's refusal (unpaid, cancelling, over a limit) names its reason; checked before the
      // cooldown, which would otherwise hide it behind 'can be refreshed in N hour(s)'.
      await deps.limits.assertRefreshAllowed(db, projectId);
      const refused = (since: Date | null) => {
        const hours = Math.max(1, refreshHoursLeft(since, now));
        return new ProjectFilesError('refresh_cooldown', {
          params: { hours },
          fields: { hours: { text: String(hours) } },
          headers: { 'retry-after': String(hours * 3600) },
        });
      };
      if (refreshHoursLeft(project.lastProcessedAt, now) > 0) throw refused(project.lastProcessedAt);
      const before = new Date(now.getTime() - REFRESH_COOLDOWN_HOURS * 3_600_000);
      // A project that imports from ACC pulls Autodesk's new versions first (null: it does not).
      const newVersions = deps.acc ? await deps.acc.newVersions(projectId) : null;
      const acc = newVersions ? deps.acc : null;
      const pulled = newVersions ?? [];
      const pulledFiles = new Set(pulled.map((v) => v.bimFileId));
      const queued = await db.transaction(async (tx) => {
        const latest = (await repo.listIncludedLatestVersions(tx, projectId)).filter(
          (v) => !pulledFiles.has(v.bimFileId),
        );
        // A version whose IFC was never stored (its ACC fetch or RVT translation failed) is fetched
        // again, never processed as if its IFC existed.
        const versionIds = latest.filter((v) => v.stored).map((v) => v.versionId);
        const unfetched = latest.filter((v) => !v.stored).map((v) => v.versionId);
        if (versionIds.length === 0 && unfetched.length === 0 && pulled.length === 0) return 0;
        if (!(await repo.claimRefresh(tx, projectId, now, before))) return null;
        for (const fileVersionId of versionIds) {
          await queueProcessing(jobs, fileVersionId, tx);
        }
        const refetched = deps.acc ? await deps.acc.refetchFailed(tx, unfetched) : 0;
        const imported = acc ? await acc.addNewVersions(tx, projectId, pulled, userId) : 0;
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'project.refreshed',
            targetType: 'project',
            targetId: projectId,
            details: { queued: versionIds.length, refetched, imported },
          },
          tx,
        );
        return versionIds.length + refetched + imported;
      });
      // Another refresh claimed the cooldown between the check and the update.
      if (queued === null) throw refused(now);
      return {
        queued,
        last_processed_at: (queued > 0 ? now : (project.lastProcessedAt ?? now)).toISOString(),
      };
    },

    /** Deletes a BIM file: every version's rows in one transaction, then the stored files. */
    async deleteBimFile(userId: string, projectId: string, fileId: string): Promise<void> {
      await requireProjectPermission({ db, userId }, projectId, 'files.delete');
      const deleted = await db.transaction(async (tx) => {
        const row = await repo.deleteBimFile(tx, projectId, fileId, (versionId) =>
          storageKeys.explorerRows(projectId, versionId),
        );
        if (!row) return null;
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'bimfile.deleted',
            targetType: 'project',
            targetId: projectId,
            details: { bimFileId: fileId, name: row.name, versions: row.storageKeys.length },
          },
          tx,
        );
        return row;
      });
      if (!deleted) throw new ProjectFilesError('file_not_found');
      // The IFC of every version no other version shares (decision 0424), the viewer's fragments
      // and the explorer files no version left shares (0433; absent ones are no error).
      await releaseModels(db, storage, deleted.storageKeys);
      await deleteBlobs([
        ...deleted.versionIds.map((versionId) => storageKeys.bimFileFragments(projectId, versionId)),
        ...deleted.explorerFiles,
      ]);
    },

    /** Deletes an IDS file with its results; an active one queues re-checks of the latest versions. */
    async deleteIdsFile(userId: string, projectId: string, idsFileId: string): Promise<void> {
      await requireProjectPermission({ db, userId }, projectId, 'files.delete');
      const deleted = await db.transaction(async (tx) => {
        const row = await repo.deleteIdsFile(tx, projectId, idsFileId);
        if (!row) return null;
        let rechecks = 0;
        if (row.isActive) {
          rechecks = await queueRechecks(tx, jobs, projectId, clock.now());
        }
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'idsfile.deleted',
            targetType: 'project',
            targetId: projectId,
            details: {
              idsFileId,
              name: row.name,
              rechecks,
              before: { sha256: row.sha256, active: row.isActive },
              after: null,
            },
          },
          tx,
        );
        return row;
      });
      if (!deleted) throw new ProjectFilesError('ids_file_not_found');
      await deleteBlobs(deleted.storageKeys);
    },
  };
}

export type ProjectFilesService = ReturnType<typeof createProjectFilesService>;
