import { defineProject } from 'vitest/config';
import { webResolve } from './vitest.config';

// Component tests (Testing Library) ask for a DOM themselves with a `// @vitest-environment happy-dom`
// first line and render through src/lib/testing/render.tsx, with the API mocked at fetch by
// src/lib/testing/fetch-mock.ts. Each file keeps a module graph of its own (the default isolation): they
// share React Query clients, the fetch mock and the DOM. Whole journeys in a real browser are e2e/.
export default defineProject({
  resolve: webResolve,
  test: {
    name: 'web-components',
    environment: 'node',
    include: ['src/**/*.test.tsx'],
    // A guard against a hung test, not a speed check (decision 0205): a first render pays for its file's
    // imports, seconds on a loaded machine, and Testing Library's waits take up to a minute
    // (src/lib/testing/render.tsx).
    testTimeout: 120_000,
  },
});
