import { defineProject } from 'vitest/config';

// Tests of the repository's own tooling: the boundary rules of .dependency-cruiser.cjs.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.ts'],
    testTimeout: 120_000,
  },
});
