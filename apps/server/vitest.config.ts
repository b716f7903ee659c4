import { defineProject } from 'vitest/config';

// Integration tests start a real server (PGlite in memory, and PostgreSQL when TEST_DATABASE_URL is
// set) per test file; PGlite's WebAssembly start-up is slow on a busy machine, hence the long hooks.
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
