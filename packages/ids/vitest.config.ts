import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  // A guard against a hang, not a speed check: reading the shared sample models takes far longer than
  // Vitest's default 5 s on a busy machine, and the suite must give the same verdict there.
  test: { name: 'ids', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000 },
});
