import type { ColumnarEngine } from '../../platform/columnar-engine';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { FileStorage } from '../../platform/storage/storage';
import { runWorkerTask, transferable } from '../../platform/worker-task';
import { readAll, storageKeys } from '../storage';
import { storeExplorerFile } from './explorer-file';
import type { ExplorerRows } from './explorer-rows';
import * as repo from './repo';

export interface ExplorerFileDeps {
  db: Database;
  storage: FileStorage;
  columnar: ColumnarEngine;
  logger: Logger;
  /** How long making the rows again from the model may run (the processing time limit). */
  timeLimitMs: number;
}

/** Clears the version's mark; a version deleted while its file was written loses the file too. */
async function markWritten(
  deps: Pick<ExplorerFileDeps, 'db' | 'storage'>,
  version: { id: string; projectId: string },
): Promise<void> {
  if (!(await repo.markExplorerFileWritten(deps.db, version.id)))
    await deps.storage.delete(storageKeys.explorerRows(version.projectId, version.id));
}

/** The explorer files this process is writing, by version: the follow-up job waits for them. */
const writing = new Map<string, Promise<void>>();

/**
 * Writes a just completed version's explorer file from the rows the analysis encoded (decision
 * 0455), after the commit that completed it, and clears the version's mark. Not awaited by
 * processing: a failure is logged, and the follow-up job queued with the completion writes the
 * file from the model instead.
 */
export function writeExplorerFileAfterCompletion(
  deps: Omit<ExplorerFileDeps, 'timeLimitMs'>,
  version: { id: string; projectId: string },
  rows: ExplorerRows,
): Promise<void> {
  const started = performance.now();
  const write = (async () => {
    const stored = await storeExplorerFile(deps, version, rows);
    await markWritten(deps, version);
    deps.logger.info(
      { versionId: version.id, ...stored, ms: Math.round(performance.now() - started) },
      'explorer file stored',
    );
  })();
  const settled = write.catch((error: unknown) => {
    deps.logger.warn(
      { err: error, versionId: version.id },
      'explorer file not written; its job will write it',
    );
  });
  writing.set(version.id, settled);
  void settled.finally(() => {
    if (writing.get(version.id) === settled) writing.delete(version.id);
  });
  return settled;
}

/**
 * The follow-up job's work (jobs/write-explorer-file.ts): a completed version still marked as
 * waiting for its explorer file gets it. When this process is writing it, the job waits for that;
 * otherwise (the writer was killed, or ran on another worker and failed) the rows are made again on
 * a worker thread from the stored model, the file written and the mark cleared. A version not marked
 * (written already, deleted, processed again) is left alone. True when this call wrote the file.
 */
export async function ensureExplorerFile(deps: ExplorerFileDeps, versionId: string): Promise<boolean> {
  const inProcess = writing.get(versionId);
  if (inProcess) await inProcess;
  const version = await repo.findExplorerFileToWrite(deps.db, versionId);
  if (!version) return false;
  const bytes = transferable(
    await readAll(await deps.storage.getStream(version.storageKey), version.sizeBytes),
  );
  const rows = await runWorkerTask<ExplorerRows>(
    'explorer-rows',
    { versionId, bytes, fileName: version.fileName },
    {
      timeLimitMs: deps.timeLimitMs,
      limitMessage: 'The explorer rows took longer than the processing time limit.',
      transfer: [bytes.buffer as ArrayBuffer],
    },
  );
  const stored = await storeExplorerFile(deps, version, rows);
  await markWritten(deps, version);
  deps.logger.info({ versionId, ...stored }, 'explorer file written from the stored model');
  return true;
}
