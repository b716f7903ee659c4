import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/**
 * The embedded columnar engine (DuckDB, decision 0274): one in-memory instance per process, created
 * on first use. Its queries run on DuckDB's own native threads (the Node API hands each call to the
 * thread pool), so the event loop only waits; `threads` bounds the cores they take and
 * `memoryLimitBytes` the memory (beyond it DuckDB spills to `tempDir`).
 */
export interface ColumnarEngine {
  /** Rows as plain JavaScript objects (INTEGER as number, VARCHAR as string, NULL as null). */
  query<T>(sql: string): Promise<T[]>;
  /**
   * The same rows as `query`, each column's values in one array by its name: many rows read this way cost
   * a tenth of reading them as objects (176,766 rows of nine columns: 0.4 s against 5.4 s).
   */
  columns<T>(sql: string): Promise<{ [K in keyof T]: T[K][] }>;
  run(sql: string): Promise<void>;
  close(): void;
}

export interface ColumnarEngineOptions {
  memoryLimitBytes: number;
  threads: number;
  tempDir: string;
}

export function createColumnarEngine(options: ColumnarEngineOptions): ColumnarEngine {
  let instance: Promise<DuckDBInstance> | null = null;
  const open = () => {
    if (!instance) {
      mkdirSync(options.tempDir, { recursive: true });
      instance = DuckDBInstance.create(':memory:', {
        threads: String(options.threads),
        memory_limit: `${Math.max(64, Math.floor(options.memoryLimitBytes / 1024 / 1024))}MB`,
        temp_directory: options.tempDir,
        // Files are read only where a service names them; nothing else from disk or network.
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
      });
      instance.catch(() => {
        instance = null;
      });
    }
    return instance;
  };
  async function withConnection<T>(work: (c: Awaited<ReturnType<DuckDBInstance['connect']>>) => Promise<T>) {
    const connection = await (await open()).connect();
    try {
      return await work(connection);
    } finally {
      connection.closeSync();
    }
  }
  return {
    query: <T>(sql: string) =>
      withConnection(async (c) => (await c.runAndReadAll(sql)).getRowObjectsJS() as unknown as T[]),
    columns: <T>(sql: string) =>
      withConnection(async (c) => {
        const result = await c.runAndReadAll(sql);
        const values = result.getColumnsJS();
        return Object.fromEntries(result.columnNames().map((name, i) => [name, values[i]])) as unknown as {
          [K in keyof T]: T[K][];
        };
      }),
    run: (sql: string) => withConnection(async (c) => void (await c.run(sql))),
    close() {
      const opened = instance;
      instance = null;
      opened?.then((i) => i.closeSync()).catch(() => {});
    },
  };
}

/**
 * The process's engine from the configuration: EXPLORER_CACHE_MB for the loaded versions plus half
 * as much again for queries' working memory, two threads, spilling under DATA_DIR/columnar.
 */
export function openColumnarEngine(config: { dataDir: string; explorerCacheBytes: number }): ColumnarEngine {
  return createColumnarEngine({
    memoryLimitBytes: Math.floor(config.explorerCacheBytes * 1.5),
    threads: 2,
    tempDir: join(config.dataDir, 'columnar', 'spill'),
  });
}
