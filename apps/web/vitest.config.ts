import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { icuCatalogues } from './build/icu-catalogues';

// Unit tests of the web app's pure logic (tab choice, formatting, API error mapping, paging) run in Node,
// in one module graph per worker (`isolate: false`): they hold no state between files, and importing the
// app's modules afresh for each of ~70 files was most of their run time (decision 0189). Component tests
// (*.test.tsx) are the `web-components` project (vitest.components.config.ts).
export const webResolve = {
  conditions: ['source'],
  alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
};

export default defineProject({
  // Catalogues compiled as in the build (the translator renders compiled messages only).
  plugins: [icuCatalogues()],
  resolve: webResolve,
  test: {
    name: 'web',
    environment: 'node',
    // Every catalogue in English before a test renders a message (src/lib/i18n/test-setup.ts).
    setupFiles: ['src/lib/i18n/test-setup.ts'],
    isolate: false,
    include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
  },
});
