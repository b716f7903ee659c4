import { defineConfig } from 'vitest/config';

// One run over every workspace. Each workspace keeps its own vitest.config.ts
// (environment, setup files, timeouts); the end-to-end project drives the built
// app in Chromium and is run last by scripts/test.mjs.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.components.config.ts',
      'bench',
      'scripts',
    ],
    // Vitest's default on 2 cores is one file at a time (cores - 1), and the run then leaves a core
    // idle while a server test waits on PostgreSQL, a child process or a worker thread (decision 0187).
    maxWorkers: 2,
  },
});
