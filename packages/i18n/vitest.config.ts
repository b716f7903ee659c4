import { defineProject } from 'vitest/config';

// One module graph per worker (`isolate: false`, decision 0419): these files keep no state between
// them, and importing the same modules afresh for each file only cost CPU time.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'i18n',
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
