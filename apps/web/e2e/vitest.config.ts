import { defineConfig } from 'vitest/config';

// End-to-end tests: the built server (serving the built web app) in a child process, driven by Debian's
// Chromium through playwright-core. One server for the whole run (global setup); a fresh browser context
// per test, and every test signs up accounts of its own. Two files run at a time (decision 0187); the
// 3D viewer's pixel checks poll the canvas until the colour they expect lands, so a second file's load
// delays them instead of failing them (decision 0189). The one timed test
// (responsiveness: the slowest answer under work stays below a second) starts a server of its own and
// runs alone after the others, so no other file's load is in its figure.
const shared = {
  root: import.meta.dirname,
  environment: 'node',
  testTimeout: 90_000,
  hookTimeout: 120_000,
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
          maxWorkers: 2,
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
