import { defineProject } from 'vitest/config';

// Integration tests start a real server per test file, each on a database of its own on one PostgreSQL
// server (test/support/global-setup.ts); seeding a processed model is slow on a busy machine, hence the
// long hooks.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
