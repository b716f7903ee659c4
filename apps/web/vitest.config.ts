import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Unit tests of the web app's pure logic (tab choice, formatting, API error mapping, paging) run in Node.
// Component tests (*.test.tsx, Testing Library) ask for a DOM themselves with a
// `// @vitest-environment happy-dom` first line and render through src/lib/testing/render.tsx, with the API
// mocked at fetch by src/lib/testing/fetch-mock.ts. Whole journeys in a real browser are e2e/ in Chromium.
export default defineProject({
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
  },
});
