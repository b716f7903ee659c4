import { defineProject } from 'vitest/config';

// One module graph per worker (`isolate: false`, decision 0419): these files keep no state between
// them, and importing the same modules afresh for each file only cost CPU time.
export default defineProject({
  resolve: { conditions: ['source'] },
  // A guard against a hang, not a speed check: reading the shared sample models takes far longer than
  // Vitest's default 5 s on a busy machine, and the suite must give the same verdict there.
  test: {
    name: 'validity',
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
