import { defineConfig } from 'vitest/config';

// End-to-end tests: the built server (serving the built web app) in a child process, driven by Debian's
// Chromium through playwright-core. One server for the whole run (global setup); a fresh browser context
// per test, and every test signs up accounts of its own. Files run one at a time (decision 0187,
// addendum). The 3D viewer's colour check that failed with two at once now waits for its colours and the
// viewer draws when they land (decision 0189); two at a time (`maxWorkers: 2`) waits for two clean runs
// of the whole config on a machine that is not saturated. The one timed test
// (responsiveness: the slowest answer under work stays below a second) starts a server of its own and
// runs alone after the others, so no other file's load is in its figure.
const shared = {
  root: import.meta.dirname,
  environment: 'node',
  testTimeout: 90_000,
  hookTimeout: 120_000,
  // `expect.poll` waits for what the page draws after an answer (a chart's ticks, a closed dialog, an
  // announcement); vitest's default of 1 s failed a CI run on a busy machine (the Overview's trend
  // labels, drawn after a background render). A wait, not a speed check: what is asserted is unchanged.
  expect: { poll: { timeout: 15_000, interval: 100 } },
} as const;
const TIMED = ['responsiveness.e2e.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude: TIMED,
          globalSetup: ['./harness/global-setup.ts'],
          maxWorkers: 1,
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e-timed',
          include: TIMED,
          maxWorkers: 1,
          // After the parallel group (group 0) has finished.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
