import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'ids', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
