import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'validity', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
