import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'ifc-gen', include: ['src/**/*.test.ts'] },
});
