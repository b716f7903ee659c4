import { defineProject } from 'vitest/config';

// End-to-end tests: the built server (serving the built web app) in a child process, driven by Debian's
// Chromium through playwright-core. One server for the whole run (global setup); a fresh browser context
// per test. Files run one after another: they share the server and the machine has two cores.
export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./harness/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
