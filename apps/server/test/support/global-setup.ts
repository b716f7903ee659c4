import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { jobDefinitions } from '../../src/jobs';
import { openDatabase } from '../../src/platform/db';
import { JobQueue } from '../../src/platform/queue';
import { migrationsFolder } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory dump with our migrations and pg-boss's schema applied. */
    pgliteTemplate: string;
  }
}

/**
 * Initialising a PGlite cluster costs about 6 s of CPU; loading a dump about 1 s. Build one migrated
 * database once per run and let every test file start from a copy of it.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-pglite-template-'));
  const database = await openDatabase({ kind: 'pglite', dir: null });
  await database.migrate(migrationsFolder);
  const queue = await JobQueue.start(database, null, jobDefinitions, {
    pollIntervalSeconds: 2,
    logger: pino({ level: 'silent' }),
  });
  await queue.stop(1000);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
