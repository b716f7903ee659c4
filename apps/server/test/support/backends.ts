import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../../src/platform/db';

/** A database an integration test file runs against, created fresh and dropped afterwards. */
export interface TestBackend {
  name: 'pglite' | 'postgres';
  create(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }>;
}

const pglite: TestBackend = {
  name: 'pglite',
  async create() {
    // A copy of the migrated template built once per run (global-setup.ts): saves initdb per file.
    const loadDataDir = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return { target: { kind: 'pglite', dir: null, loadDataDir }, drop: async () => {} };
  },
};

function postgres(adminUrl: string): TestBackend {
  return {
    name: 'postgres',
    async create() {
      const name = `plumbline_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        target: { kind: 'postgres', url: url.toString(), poolSize: 5 },
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(`drop database if exists ${name} with (force)`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

/** In CI a missing PostgreSQL is a failure: the suite must not pass by skipping it. */
const missingInCi: TestBackend = {
  name: 'postgres',
  async create() {
    throw new Error('TEST_DATABASE_URL is not set but CI=true: the PostgreSQL suite cannot run.');
  },
};

/** PGlite always; PostgreSQL when TEST_DATABASE_URL is set (required when CI=true). */
export function testBackends(): TestBackend[] {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return [pglite, postgres(url)];
  if (process.env.CI === 'true') return [pglite, missingInCi];
  return [pglite];
}
