import { defineProject } from 'vitest/config';

// Integration tests start a real server per test file, each on a database of its own on one PostgreSQL
// server (test/support/global-setup.ts); seeding a processed model is slow on a busy machine, hence the
// long hooks. The timeouts are guards against a hang, not speed checks (decision 0205): `npm test` runs
// the e2e run beside this one, and a test that waits for processing took over 60 s there. One module
// graph per worker (`isolate: false`, decision 0419): each file imported the whole server afresh; files
// keep their own servers, databases and accounts, so no state passes from one to the next.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'server',
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/bundled-threads.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
