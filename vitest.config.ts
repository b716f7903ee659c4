import { defineConfig } from 'vitest/config';

// One run over every workspace. Each workspace keeps its own vitest.config.ts
// (environment, setup files, timeouts); the end-to-end project drives the built
// app in Chromium and is run last by scripts/test.mjs.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'bench', 'scripts'],
  },
});
