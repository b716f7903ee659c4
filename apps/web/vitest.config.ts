import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Unit tests of the web app's pure logic (tab choice, formatting, API error mapping, paging).
// They run in Node: no DOM is needed for them. Browser behaviour is covered by e2e/ in Chromium.
export default defineProject({
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
  },
});
