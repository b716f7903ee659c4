import { defineConfig } from 'vitest/config';
import LongestFirst from '../../../scripts/test-sequencer.ts';

// End-to-end tests: the built server (serving the built web app) in a child process, driven by Debian's
// Chromium through playwright-core; a fresh browser context per test, and every test signs up accounts
// of its own.
//
// Two files at a time, each against a server of its own (decision 0205): the global setup starts one
// server, with its own embedded PostgreSQL, per worker slot, and harness/base-url.ts gives a file the
// server of the slot it runs in. The longest files start first (scripts/test-sequencer.ts, the unit run's too).
//
// Waits are on state, never on short deadlines: a loaded machine must give the verdict a quiet one
// gives. The timeouts below are guards that stop a hung test, not speed checks; speed is judged by the
// benchmarks (`npm run bench:responsiveness`, `bench:api`, `bench:viewer`).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./harness/global-setup.ts'],
    // After each file: no API answer it saw held a server's data directory path (issue 35).
    setupFiles: ['./harness/server-paths.setup.ts'],
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 900_000,
    hookTimeout: 900_000,
    // `expect.poll` waits for what the page draws after an answer (a chart's ticks, a closed dialog,
    // an announcement); like every wait of the harness (harness/wait.ts, WAIT_MS) it only stops a hang.
    expect: { poll: { timeout: 300_000, interval: 100 } },
  },
});
