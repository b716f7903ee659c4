import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processFileVersion } from '../src/modules/processing/service';
import { storageKeys } from '../src/modules/storage/keys';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../src/platform/db';
import { stopEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import { LocalDiskStorage } from '../src/platform/storage/local-disk';
import { elementProperties, elements, fileVersions } from '../src/schema';
import { testBackends } from './support/backends';
import { migrationsFolder } from './support/paths';
import { sharedFile } from './support/samples';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const model = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');

/** A user, project, file and one stored, unqueued version to process. */
async function seed(database: DatabaseHandle, storage: LocalDiskStorage): Promise<string> {
  const db = database.db;
  const one = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows[0]?.id as string;
  const user = await one(sql`insert into users (email, password_hash, full_name)
    values ('kill@example.com', 'x', 'K') returning id`);
  const project = await one(
    sql`insert into projects (name, created_by, owner_user_id) values ('Kill', ${user}, ${user}) returning id`,
  );
  const file = await one(sql`insert into bim_files (project_id, name, source_filename)
    values (${project}, 'Kill.ifc', 'Kill.ifc') returning id`);
  const versionId = crypto.randomUUID();
  const key = storageKeys.bimFileVersion(project, versionId);
  const stored = await storage.putStream(key, Readable.from([model as Buffer]));
  await db.insert(fileVersions).values({
    id: versionId,
    bimFileId: file,
    versionNumber: 1,
    versionTag: 'v1',
    sizeBytes: stored.size,
    sha256: stored.sha256,
    storageKey: key,
  });
  return versionId;
}

function runChild(env: Record<string, string>): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'test/support/process-then-die.ts'],
    { cwd: serverDir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (_code, signal) => resolve({ signal, output })));
}

/** The test server's database, and the default installation's embedded server in a data directory of its own. */
const targets: Array<{ name: string; create(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> }> =
  [
    ...testBackends(),
    {
      name: 'embedded',
      async create() {
        const dir = mkdtempSync(join(tmpdir(), 'plumbline-kill-'));
        chmodSync(dir, 0o755); // run as root, the server's own account must reach the cluster
        return {
          target: { kind: 'embedded', dir: join(dir, 'postgres'), poolSize: 5 },
          // The killed child leaves its server running: the next open adopts it and closing stops it;
          // this stops it even when the test failed before that.
          drop: async () => {
            await stopEmbeddedPostgres(join(dir, 'postgres'));
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];

for (const backend of targets) {
  describe.skipIf(model === null)(`a worker process killed mid-job (${backend.name})`, () => {
    it('leaves no rows behind, and processing again completes without duplicates', async () => {
      const { target, drop } = await backend.create();
      const filesDir = mkdtempSync(join(tmpdir(), 'plumbline-kill-files-'));
      const storage = new LocalDiskStorage(filesDir);
      try {
        let database = await openDatabase(target);
        await database.migrate(migrationsFolder);
        const versionId = await seed(database, storage);
        await database.close();

        const child = await runChild({
          KILL_TEST_TARGET: JSON.stringify(target),
          KILL_TEST_FILES_DIR: filesDir,
          KILL_TEST_VERSION_ID: versionId,
        });
        expect(child.output).toContain('killing myself mid-transaction');
        expect(child.signal).toBe('SIGKILL');

        database = await openDatabase(target);
        const rows = async (table: typeof elements | typeof elementProperties) => {
          const [row] = await database.db
            .select({ n: count() })
            .from(table)
            .where(eq(table.fileVersionId, versionId));
          return Number(row?.n);
        };
        expect(await rows(elements)).toBe(0);
        expect(await rows(elementProperties)).toBe(0);
        const [version] = await database.db.select().from(fileVersions).where(eq(fileVersions.id, versionId));
        expect(version?.status).toBe('processing');

        const deps = {
          db: database.db,
          storage,
          clock: { now: () => new Date() },
          logger: createLogger('silent'),
        };
        const outcome = await processFileVersion(deps, versionId);
        expect(outcome.status).toBe('completed');
        if (outcome.status !== 'completed') return;
        expect(await rows(elements)).toBe(outcome.elements);
        expect(await rows(elementProperties)).toBe(outcome.properties);
        await database.close();
      } finally {
        await drop();
        rmSync(filesDir, { recursive: true, force: true });
      }
    });
  });
}
