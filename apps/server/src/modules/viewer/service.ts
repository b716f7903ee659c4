import type { Readable } from 'node:stream';
import { type ElementHighlightResponse, FRAGMENTS_FAILED, FRAGMENTS_NOT_READY } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import { requireCheckedVersion, type VersionRow } from '../bimfiles';
import { requireProjectReader } from '../projects';
import { ViewerError } from './errors';
import { queueConversion } from './queue-conversion';
import * as repo from './repo';

export interface FragmentsDownload {
  versionId: string;
  sizeBytes: number;
  sha256: string;
  /** Absent when the caller already holds this version (If-None-Match matched): answer 304. */
  stream: Readable | null;
}

export interface ViewerServiceDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  jobs: JobSender;
}

export function createViewerService(deps: ViewerServiceDeps) {
  const { db, clock, storage, jobs } = deps;

  async function resolveVersion(
    userId: string | null,
    projectId: string,
    fileId: string,
    versionId: string | undefined,
  ): Promise<VersionRow> {
    await requireProjectReader({ db, userId }, projectId);
    return (await requireCheckedVersion(db, { projectId, fileId, versionId })).version;
  }

  return {
    /**
     * The .frag of a version. A version processed before conversions existed (or whose job was
     * lost) gets its conversion queued here, once; until it is stored the answer is 409.
     */
    async fragments(
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId: string | undefined,
      ifNoneMatch: string | undefined,
    ): Promise<FragmentsDownload> {
      const version = await resolveVersion(userId, projectId, fileId, versionId);
      const row = await repo.findFragments(db, version.id);
      if (!row) {
        await queueConversion(db, jobs, version.id, clock.now(), { force: false });
        throw new ViewerError(FRAGMENTS_NOT_READY);
      }
      if (row.status === 'failed') {
        // The converter's own text is data (decision 0431); without one, the code's message alone.
        throw new ViewerError(
          FRAGMENTS_FAILED,
          row.error ? { messageId: 'error.fragments_failed.detail', params: { detail: row.error } } : {},
        );
      }
      if (row.status !== 'ready' || !row.storageKey || row.sha256 === null || row.sizeBytes === null) {
        throw new ViewerError(FRAGMENTS_NOT_READY);
      }
      const matches = ifNoneMatch
        ?.split(',')
        .some((tag) => tag.trim().replace(/^W\//, '') === `"${row.sha256}"`);
      return {
        versionId: version.id,
        sizeBytes: row.sizeBytes,
        sha256: row.sha256,
        stream: matches ? null : await storage.getStream(row.storageKey),
      };
    },

    /** Viewer ids of elements given by GlobalId (spec 3 §7 'Convert element guids to viewer ids'). */
    async highlight(
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId: string | undefined,
      guids: string[],
    ): Promise<ElementHighlightResponse> {
      const version = await resolveVersion(userId, projectId, fileId, versionId);
      const wanted = [...new Set(guids)];
      const found = new Map<string, number>();
      for (const row of await repo.stepIdsByGlobalIds(db, version.id, wanted)) {
        if (row.globalId !== null) found.set(row.globalId, row.stepId);
      }
      return {
        viewer_db_ids: wanted.flatMap((guid) => (found.has(guid) ? [found.get(guid) as number] : [])),
        missing_guids: wanted.filter((guid) => !found.has(guid)),
        version_id: version.id,
      };
    },
  };
}

export type ViewerService = ReturnType<typeof createViewerService>;
