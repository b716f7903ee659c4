import type { ColumnarEngine } from '../../platform/columnar-engine';
import type { Database } from '../../platform/db';
import type { FileStorage } from '../../platform/storage/storage';
import { sharedExplorerFileKey } from './columnar/migrate-repo';
import { createColumnarExplorerStore } from './columnar/store';
import type { ExplorerStore } from './explorer-store';
import { createRoutingExplorerStore } from './routing-store';
import { createSqlExplorerStore } from './sql-store';

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
  return createRoutingExplorerStore(columnar, sql);
}
