import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../../src/platform/db';
import { admin } from './admin-sql';

/** A database an integration test file runs against, created fresh and dropped afterwards. */
export interface TestBackend {
  name: 'postgres';
  create(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }>;
}

const postgres: TestBackend = {
  name: 'postgres',
  async create() {
    const { adminUrl, template } = inject('testDatabase');
    const name = `plumbline_test_${randomBytes(6).toString('hex')}`;
    await admin(adminUrl, `create database ${name} template ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      target: { kind: 'postgres', url: url.toString(), poolSize: 5 },
      drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
    };
  },
};

/**
 * The server every integration test file runs against (global-setup.ts: TEST_DATABASE_URL's, or the
 * embedded one). A list, so that a test reads the same whichever servers a run provides.
 */
export function testBackends(): TestBackend[] {
  return [postgres];
}

/** The one backend of a test file that needs no comparison across backends. */
export function testBackend(): TestBackend {
  const [backend] = testBackends();
  if (!backend) throw new Error('no test backend');
  return backend;
}
