import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  type BimFile,
  type BimFileStatusResponse,
  type BimFileUploadResponse,
  type BimFileVersion,
  type VersionFailure,
  versionFailureCodeSchema,
  versionFailureMessage,
  versionFailureParamsSchema,
} from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import { schemaSubstitutionNote } from '@plumbline/ids/report/schema-note';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import type { AuditRecorder } from '../audit';
import type { BillingEnforcement } from '../billing';
import { requireProjectPermission, requireProjectReader } from '../projects';
import { adoptModel, discardStaged, type StagedModel, stageModel } from '../storage';
import { BimFileError } from './errors';
import { ifcHeaderGuard } from './ifc-header-guard';
import { queueProcessing } from './jobs';
import * as repo from './repo';

/**
 * A failed version's stored code and values as sent; a code this build does not know (written by a
 * newer one) reads as unknown with the values it has.
 */
export function versionFailureOf(row: {
  status: string;
  errorCode: string | null;
  errorParams: Record<string, string | number> | null;
}): VersionFailure | null {
  if (row.status !== 'failed' || row.errorCode === null) return null;
  const code = versionFailureCodeSchema.safeParse(row.errorCode);
  const params = versionFailureParamsSchema.safeParse(row.errorParams ?? {});
  return { code: code.success ? code.data : 'unknown', params: params.success ? params.data : {} };
}

/** A version's failure in words, in a language (the DTOs' `error`: API clients and mails read it). */
export function versionFailureText(
  failure: VersionFailure | null | undefined,
  locale: Locale,
): string | null {
  if (!failure) return null;
  const message = versionFailureMessage(failure);
  return render(locale, message.id, message.params);
}

/** A file, version or status as sent, its failure's words in the request's language (routes call this). */
export function failureInLanguage<T extends { failure?: VersionFailure | null; error: string | null }>(
  dto: T,
  locale: Locale,
): T {
  return { ...dto, error: versionFailureText(dto.failure, locale) };
}

export function toBimFileDto(row: repo.BimFileSummaryRow): BimFile {
  const latestSize = row.latest?.sizeBytes ?? 0;
  const failure = row.latest ? versionFailureOf(row.latest) : null;
  return {
    id: row.id,
    name: row.name,
    source_filename: row.sourceFilename,
    source_version_tag: row.latest?.versionTag ?? null,
    version_count: row.versionCount,
    latest_size_bytes: latestSize,
    file_size_bytes: latestSize,
    storage_size_bytes: row.totalSizeBytes,
    total_size_bytes: row.totalSizeBytes,
    elements_count: row.latest?.elementsCount ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: row.latest?.status ?? 'pending',
    failure,
    error: versionFailureText(failure, 'en'),
    rechecking: row.latest?.rechecking ?? false,
    included: row.included,
  };
}

export function toVersionDto(row: repo.FileVersionRow): BimFileVersion {
  const failure = versionFailureOf(row);
  return {
    id: row.id,
    version_number: row.versionNumber,
    version_tag: row.versionTag,
    status: row.status,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    elements_count: row.elementsCount,
    failure,
    error: versionFailureText(failure, 'en'),
    created_at: row.createdAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    ifc_schema: row.ifcSchema,
    schema_substitution: row.ifcSchemaSubstitution
      ? {
          written: row.ifcSchemaSubstitution.written,
          read_as: row.ifcSchemaSubstitution.readAs,
          reason: row.ifcSchemaSubstitution.reason,
          // The reports' own sentence (packages/ids), so the screen and every report say the same.
          note: schemaSubstitutionNote(row.ifcSchemaSubstitution),
        }
      : null,
  };
}

export interface IfcUpload {
  fileName: string;
  stream: Readable;
  /** True when the stream stopped at the size limit (multipart ends a truncated file normally). */
  truncated(): boolean;
}

/** A file name as people see it: the last path segment, trimmed; control characters refused. */
export function cleanFileName(raw: string): string {
  const name = (raw.split(/[\\/]/).pop() ?? '').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (name.length === 0 || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new BimFileError('invalid_name');
  }
  // Bidirectional-text controls can make "report\u202Efdp.exe" read as "reportexe.pdf": kept, but
  // written out visibly ("[U+202E]") so every screen, report and mail shows the name as it is.
  return name.replace(
    BIDI_CONTROLS,
    (c) => `[U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

/** LRM, RLM, ALM, the embeddings and overrides (LRE…RLO) and the isolates (LRI…PDI). */
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

export function createBimFileService(deps: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  jobs: JobSender;
  audit: AuditRecorder;
  maxUploadBytes: number;
  /** The plan's file and storage limits (billing). */
  limits: Pick<BillingEnforcement, 'assertCanStore'>;
}) {
  const { db, clock, storage, jobs, audit } = deps;

  async function requireFile(projectId: string, fileId: string): Promise<repo.BimFileSummaryRow> {
    const [row] = await repo.listProjectBimFiles(db, projectId, fileId);
    if (!row) throw new BimFileError('file_not_found');
    return row;
  }

  return {
    maxUploadBytes: deps.maxUploadBytes,

    /** Checked before the body is read, so a Viewer's upload is refused without storing a byte. */
    async requireUploader(userId: string, projectId: string): Promise<void> {
      await requireProjectPermission({ db, userId }, projectId, 'files.upload');
    },

    async list(userId: string | null, projectId: string): Promise<BimFile[]> {
      await requireProjectReader({ db, userId }, projectId);
      return (await repo.listProjectBimFiles(db, projectId)).map(toBimFileDto);
    },

    /**
     * Streams the upload to storage (checking its STEP header on the way), then in one transaction
     * adds the file or a new version of the file of that name and queues its processing.
     */
    async upload(userId: string, projectId: string, upload: IfcUpload): Promise<BimFileUploadResponse> {
      await requireProjectPermission({ db, userId }, projectId, 'files.upload');
      const name = cleanFileName(upload.fileName);
      const versionId = randomUUID();
      const tooLarge = () =>
        new BimFileError('file_too_large', {
          messageId: 'error.file_too_large.limit',
          params: { limit: formatBytes(deps.maxUploadBytes) },
        });
      let stored: StagedModel;
      try {
        // pipeline (not pipe) so an error on either side ends both; putStream sees it and cleans up.
        const guarded = pipeline(upload.stream, ifcHeaderGuard(), () => {});
        stored = await stageModel(storage, guarded);
      } catch (error) {
        upload.stream.resume(); // drain what is left so the request can finish
        if (isTooLarge(error) || upload.truncated()) throw tooLarge();
        throw error;
      }
      if (upload.truncated()) {
        await storage.delete(stored.stagingKey);
        throw tooLarge();
      }
      try {
        const now = clock.now();
        const version = await db.transaction(async (tx) => {
          await deps.limits.assertCanStore(tx, projectId, name, stored.size);
          const bimFileId = await repo.upsertBimFileByName(tx, { projectId, name, userId, now });
          const number = await repo.nextVersionNumber(tx, bimFileId);
          // The same bytes uploaded before (any file, any project) are stored once (decision 0424).
          const key = await adoptModel(tx, storage, stored);
          const row = await repo.insertFileVersion(tx, {
            id: versionId,
            bimFileId,
            versionNumber: number,
            versionTag: `v${number}`,
            status: 'pending',
            sizeBytes: stored.size,
            sha256: stored.sha256,
            storageKey: key,
            createdBy: userId,
            createdAt: now,
          });
          await queueProcessing(jobs, versionId, tx);
          await audit.record(
            {
              actorId: userId,
              projectId,
              action: 'bimfile.version_uploaded',
              targetType: 'project',
              targetId: projectId,
              details: { bimFileId, versionId, name, versionTag: row.versionTag, sizeBytes: stored.size },
            },
            tx,
          );
          return row;
        });
        return {
          bim_file: toBimFileDto(await requireFile(projectId, version.bimFileId)),
          version: toVersionDto(version),
        };
      } catch (error) {
        await discardStaged(db, storage, stored).catch(() => {});
        throw error;
      }
    },

    async versions(userId: string | null, projectId: string, fileId: string): Promise<BimFileVersion[]> {
      await requireProjectReader({ db, userId }, projectId);
      await requireFile(projectId, fileId);
      return (await repo.listFileVersions(db, fileId)).map(toVersionDto);
    },

    async status(userId: string | null, projectId: string, fileId: string): Promise<BimFileStatusResponse> {
      await requireProjectReader({ db, userId }, projectId);
      await requireFile(projectId, fileId);
      const [latest] = await repo.listFileVersions(db, fileId);
      const failure = latest ? versionFailureOf(latest) : null;
      return {
        id: fileId,
        status: latest?.status ?? 'pending',
        failure,
        error: versionFailureText(failure, 'en'),
        version_id: latest?.id ?? null,
        version_tag: latest?.versionTag ?? null,
        elements_count: latest?.elementsCount ?? 0,
        processed_at: latest?.processedAt?.toISOString() ?? null,
      };
    },

    async download(userId: string | null, projectId: string, fileId: string, versionId: string) {
      await requireProjectReader({ db, userId }, projectId);
      const file = await requireFile(projectId, fileId);
      const version = await repo.findFileVersion(db, fileId, versionId);
      if (!version) throw new BimFileError('version_not_found');
      return {
        fileName: file.name,
        sizeBytes: version.sizeBytes,
        sha256: version.sha256,
        stream: await storage.getStream(version.storageKey),
      };
    },
  };
}

export type BimFileService = ReturnType<typeof createBimFileService>;
