import type { ColumnarEngine } from '../../platform/columnar-engine';
import type { Database } from '../../platform/db';
import type { FileStorage } from '../../platform/storage/storage';
import { explorerFilePending, sharedExplorerFileKey } from './columnar/migrate-repo';
import { createColumnarExplorerStore } from './columnar/store';
import type { ExplorerStore } from './explorer-store';
import { createRoutingExplorerStore } from './routing-store';
import { createSqlExplorerStore } from './sql-store';

/**
 * How long an explorer request waits for a just completed version's file (decision 0455): the
 * 200 MB model's is written in about 5 s after its completion; the job that writes it after a kill
 * starts 20 s after the completion and reads the model again.
 */
const PREPARING_WAIT_MS = 90_000;

/**
 * The explorer's store of a process: each version's Parquet file once it exists, else its SQL rows;
 * SQL alone without a columnar engine.
 */
export function createExplorerStore(deps: {
  db: Database;
  storage: FileStorage;
  columnar: ColumnarEngine | undefined;
  /** Scratch space for files fetched before they are loaded. */
  workDir: string;
  cacheBytes: number;
  /** How long a request waits for a version's explorer file being written (tests shorten it). */
  preparingWaitMs?: number;
}): ExplorerStore {
  const sql = createSqlExplorerStore(deps.db);
  if (!deps.columnar) return sql;
  const columnar = createColumnarExplorerStore({
    engine: deps.columnar,
    storage: deps.storage,
    workDir: deps.workDir,
    cacheBytes: deps.cacheBytes,
    sharedFileOf: (versionId) => sharedExplorerFileKey(deps.db, versionId),
  });
  return createRoutingExplorerStore(columnar, sql, {
    pending: (versionId) => explorerFilePending(deps.db, versionId),
    waitMs: deps.preparingWaitMs ?? PREPARING_WAIT_MS,
    pollMs: 250,
  });
}
