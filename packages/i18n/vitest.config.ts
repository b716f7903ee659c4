import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'i18n', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
