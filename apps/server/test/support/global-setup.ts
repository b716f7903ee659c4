import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { jobDefinitions } from '../../src/jobs';
import { openDatabase } from '../../src/platform/db';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/platform/embedded-postgres';
import { JobQueue } from '../../src/platform/queue';
import { admin } from './admin-sql';
import { findSecretsInLogs } from './log-secrets';
import { migrationsFolder } from './paths';
import { buildThreadBundle } from './thread-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the integration tests use, and a migrated template database on it. */
    testDatabase: { adminUrl: string; template: string };
    /** Where every test server writes its log (support/server.ts); read at the end of the run. */
    testLogDir: string;
    /** The thread entries bundled for this run (support/thread-bundle.ts, decision 0439). */
    testThreadsDir: string;
  }
}

/**
 * One PostgreSQL server per run: TEST_DATABASE_URL's, or else the same embedded server `npm start`
 * runs, started here in a temporary directory. Every test file gets a database of its own, copied
 * from a template migrated once (with pg-boss's schema), which saves running migrations per file.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'plumbline-test-pg-'));
    // mkdtemp makes it 0700; run as root, the server's own account must reach the cluster inside.
    chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres(join(dir, 'postgres'));
    adminUrl = embedded.url;
  }
  const threadsDir = await buildThreadBundle();
  project.provide('testThreadsDir', threadsDir);
  const template = `plumbline_template_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  await database.migrate(migrationsFolder);
  const queue = await JobQueue.start(database, jobDefinitions, {
    pollIntervalSeconds: 2,
    logger: pino({ level: 'silent' }),
    runSchedules: false,
  });
  await queue.stop(1000);
  await database.close();
  project.provide('testDatabase', { adminUrl, template });
  const logDir = mkdtempSync(join(tmpdir(), 'plumbline-test-logs-'));
  project.provide('testLogDir', logDir);
  return async () => {
    // Issue 16: the logs of the whole suite hold no password hash, password, token or cookie. The
    // database is stopped whatever the check finds, so a failing run leaves no server behind.
    try {
      const leaks = findSecretsInLogs(logDir);
      rmSync(logDir, { recursive: true, force: true });
      // A run of files that start no server (pure unit files) has nothing to check; servers that
      // started and wrote nothing mean the check is blind.
      if (leaks.logFiles > 0 && leaks.logBytes === 0)
        throw new Error('The test servers wrote no log: the secrets check saw nothing.');
      if (leaks.found.length > 0) {
        throw new Error(`Secrets in the test servers' logs:\n${leaks.found.slice(0, 20).join('\n')}`);
      }
    } finally {
      await admin(adminUrl, `drop database if exists ${template} with (force)`).catch(() => {});
      await embedded?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
      rmSync(threadsDir, { recursive: true, force: true });
    }
  };
}
