import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { IdsFile } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import { runWorkerTask, WorkerTimeLimitError } from '../../platform/worker-task';
import type { AuditRecorder } from '../audit';
import { cleanFileName } from '../bimfiles';
import { queueRechecks } from '../processing';
import { requireProjectPermission, requireProjectReader } from '../projects';
import { storageKeys } from '../storage';
import { IdsFileError } from './errors';
import type { IdsReading } from './read-ids';
import * as repo from './repo';

export function toIdsFileDto(row: repo.IdsFileRow): IdsFile {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    is_active: row.isActive,
    lineage_id: row.lineageId,
    revision: row.revision,
    revisions_count: row.revisionsCount,
    superseded_at: row.supersededAt?.toISOString() ?? null,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    specifications_count: row.specificationsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * How long reading an uploaded IDS may take: a minute, and a second and a half more per MiB, so a
 * national pack of 77 MiB (1,000 specifications, 1,500-value code lists; about a minute on a busy
 * 2-core machine) is read, and the bound stays finite because the size is (MAX_IDS_MB, decision 0170).
 */
export function idsReadLimitMs(bytes: number): number {
  return 60_000 + Math.ceil((bytes / (1024 * 1024)) * 1500);
}

/** 'Line 12, column 5: message', or the message alone when the problem has no position. */
function describeProblem(problem: { line: number | null; column: number | null; message: string }): string {
  if (problem.line === null) return problem.message;
  return `Line ${problem.line}${problem.column === null ? '' : `, column ${problem.column}`}: ${problem.message}`;
}

export function createIdsFileService(deps: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  jobs: JobSender;
  audit: AuditRecorder;
}) {
  const { db, clock, storage, jobs, audit } = deps;

  async function requireIdsFile(projectId: string, id: string): Promise<repo.IdsFileRow> {
    const row = await repo.findIdsFile(db, projectId, id);
    if (!row) throw new IdsFileError('ids_file_not_found');
    return row;
  }

  /** Validates and parses an upload on a worker thread, bounded in time; an invalid file is a 400. */
  async function readValid(input: { bytes: Uint8Array; fileName: string; lineageId: string }) {
    // Validating and parsing a large pack is seconds of CPU: on a worker thread, bounded in time.
    const reading = await runWorkerTask<IdsReading>('read-ids', input, {
      timeLimitMs: idsReadLimitMs(input.bytes.byteLength),
      limitMessage: 'The IDS file took too long to read; it is refused.',
    }).catch((error: unknown) => {
      if (error instanceof WorkerTimeLimitError)
        throw new IdsFileError('invalid_ids', { messageId: 'error.invalid_ids.slow' });
      throw error;
    });
    if (reading.kind === 'valid') return reading;
    const { problems } = reading;
    const fields = Object.fromEntries(
      problems.slice(0, 100).map((p, i) => [`problems.${i}`, { text: describeProblem(p) }]),
    );
    // The engine's diagnostics are English text until they are message ids (IDS Studio issue).
    throw new IdsFileError('invalid_ids', {
      messageId: 'error.invalid_ids.detail',
      params: { detail: describeProblem(problems[0] as (typeof problems)[0]) },
      fields,
    });
  }

  /**
   * Stores a read file and writes its rows, as a new lineage or (`lineage` given) as the next
   * revision of that file, which it supersedes; queues the re-checks; all in one transaction.
   */
  async function store(
    userId: string,
    projectId: string,
    file: {
      id: string;
      name: string;
      bytes: Uint8Array;
      reading: Extract<IdsReading, { kind: 'valid' }>;
      lineage: repo.IdsFileRow | null;
    },
  ): Promise<void> {
    const { id, name, reading, lineage } = file;
    const key = storageKeys.idsFile(projectId, id);
    const stored = await storage.putStream(key, Readable.from([Buffer.from(file.bytes)]));
    try {
      const now = clock.now();
      await db.transaction(async (tx) => {
        // First, under the replaced row's lock: of two Replace at once, the second is refused here.
        if (lineage && !(await repo.supersede(tx, lineage.id, now)))
          throw new IdsFileError('ids_file_superseded');
        await repo.insertIdsFile(
          tx,
          {
            id,
            projectId,
            lineageId: lineage?.lineageId ?? id,
            revision: (lineage?.revision ?? 0) + 1,
            name,
            title: reading.title,
            isActive: lineage ? lineage.isActive : true,
            sizeBytes: stored.size,
            sha256: stored.sha256,
            storageKey: key,
            createdBy: userId,
            createdAt: now,
            updatedAt: now,
          },
          reading.specifications,
        );
        if (lineage) await repo.linkSuccessor(tx, lineage.id, id);
        const rechecks = await queueRechecks(tx, jobs, projectId, clock.now());
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: lineage ? 'idsfile.replaced' : 'idsfile.uploaded',
            targetType: 'project',
            targetId: projectId,
            details: {
              idsFileId: id,
              name,
              rechecks,
              ...(lineage ? { replaces: lineage.id, lineageId: lineage.lineageId } : {}),
              // The trail's before/after (decision 0265): the replaced revision's content, then this one's.
              before: lineage ? { sha256: lineage.sha256, active: lineage.isActive } : null,
              after: {
                sha256: stored.sha256,
                specifications: reading.specifications.length,
                active: lineage ? lineage.isActive : true,
              },
            },
          },
          tx,
        );
      });
    } catch (error) {
      await storage.delete(key).catch(() => {});
      throw error;
    }
  }

  return {
    async requireUploader(userId: string, projectId: string): Promise<void> {
      await requireProjectPermission({ db, userId }, projectId, 'files.upload');
    },

    /** Checked before the upload is read, so a caller who may not replace sends no bytes for nothing. */
    async requireReplacer(userId: string, projectId: string): Promise<void> {
      await requireProjectPermission({ db, userId }, projectId, 'ids.replace');
    },

    async list(userId: string | null, projectId: string): Promise<IdsFile[]> {
      await requireProjectReader({ db, userId }, projectId);
      return (await repo.listIdsFiles(db, projectId)).map(toIdsFileDto);
    },

    /**
     * Validates the IDS (XSD and semantic audit) before anything is stored: an invalid file is a 400
     * listing every problem with its line, and leaves no trace. A valid one is stored as a lineage of
     * its own, its specifications and facets written, and the project's latest versions queued for a
     * re-check. With `onMatch: 'ask'`, a current file with the same title and file name refuses the
     * upload first (409 ids_revision_suggested), so the user can choose to Replace it instead.
     */
    async upload(
      userId: string,
      projectId: string,
      upload: { fileName: string; bytes: Uint8Array },
      options: { onMatch?: 'new' | 'ask' } = {},
    ): Promise<IdsFile> {
      await requireProjectPermission({ db, userId }, projectId, 'files.upload');
      const name = cleanFileName(upload.fileName);
      const id = randomUUID();
      const reading = await readValid({ bytes: upload.bytes, fileName: name, lineageId: id });
      if (options.onMatch === 'ask') {
        const match = await repo.findRevisionCandidate(db, projectId, name, reading.title);
        if (match) {
          throw new IdsFileError('ids_revision_suggested', {
            messageId: 'error.ids_revision_suggested.named',
            params: { name: match.title ?? match.name },
            // Data for the client to act on (the file to replace), not words.
            fields: {
              ids_file_id: { text: match.id },
              name: { text: match.name },
              title: { text: match.title ?? '' },
            },
          });
        }
      }
      await store(userId, projectId, { id, name, bytes: upload.bytes, reading, lineage: null });
      return toIdsFileDto(await requireIdsFile(projectId, id));
    },

    /**
     * Replace: stores a corrected file as the next revision of `idsFileId`'s lineage. Unchanged
     * requirements keep their keys, and so their history; the replaced revision stays, switched off,
     * for the versions checked against it. The new revision is active when the replaced one was.
     */
    async replace(
      userId: string,
      projectId: string,
      idsFileId: string,
      upload: { fileName: string; bytes: Uint8Array },
    ): Promise<IdsFile> {
      await requireProjectPermission({ db, userId }, projectId, 'ids.replace');
      const current = await requireIdsFile(projectId, idsFileId);
      if (current.supersededAt !== null) throw new IdsFileError('ids_file_superseded');
      const name = cleanFileName(upload.fileName);
      const id = randomUUID();
      const reading = await readValid({ bytes: upload.bytes, fileName: name, lineageId: current.lineageId });
      await store(userId, projectId, { id, name, bytes: upload.bytes, reading, lineage: current });
      return toIdsFileDto(await requireIdsFile(projectId, id));
    },

    /** Every revision of the file's lineage, newest first (any revision's id names the lineage). */
    async revisions(userId: string | null, projectId: string, idsFileId: string): Promise<IdsFile[]> {
      await requireProjectReader({ db, userId }, projectId);
      const file = await requireIdsFile(projectId, idsFileId);
      return (await repo.listRevisions(db, projectId, file.lineageId)).map(toIdsFileDto);
    },

    /** Switches a file on or off; a real change queues re-checks of the project's latest versions. */
    async setActive(userId: string, projectId: string, id: string, isActive: boolean): Promise<IdsFile> {
      await requireProjectPermission({ db, userId }, projectId, 'ids.toggle');
      const file = await requireIdsFile(projectId, id);
      // A replaced revision stays off: its lineage's current revision is the one to switch.
      if (file.supersededAt !== null) throw new IdsFileError('ids_file_superseded');
      await db.transaction(async (tx) => {
        if (!(await repo.setIdsFileActive(tx, projectId, id, isActive, clock.now()))) return;
        const rechecks = await queueRechecks(tx, jobs, projectId, clock.now());
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: isActive ? 'idsfile.activated' : 'idsfile.deactivated',
            targetType: 'project',
            targetId: projectId,
            details: {
              idsFileId: id,
              name: file.name,
              rechecks,
              before: { active: !isActive },
              after: { active: isActive },
            },
          },
          tx,
        );
      });
      return toIdsFileDto(await requireIdsFile(projectId, id));
    },

    async download(userId: string | null, projectId: string, id: string) {
      await requireProjectReader({ db, userId }, projectId);
      const file = await requireIdsFile(projectId, id);
      return {
        fileName: file.name,
        sizeBytes: file.sizeBytes,
        stream: await storage.getStream(file.storageKey),
      };
    },
  };
}

export type IdsFileService = ReturnType<typeof createIdsFileService>;
