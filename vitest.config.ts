import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/test-sequencer.ts';

// One run over every workspace. Each workspace keeps its own vitest.config.ts
// (environment, setup files, timeouts); the end-to-end run (apps/web/e2e) drives the built
// app in Chromium beside this one (scripts/test.mjs).
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
    // The longest files first across every project, as the e2e run does (decisions 0205, 0461): vitest
    // asks the root's sequencer to order the files of all projects; a project's own setting is not read.
    sequence: { sequencer: LongestFirst },
  },
});
