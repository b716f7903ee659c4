import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'bench',
    include: ['**/*.test.ts'],
    exclude: ['out/**', 'node_modules/**'],
    testTimeout: 60_000,
  },
});
