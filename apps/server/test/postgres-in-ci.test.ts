import { describe, expect, it } from 'vitest';

// In CI the integration suites must also run on real PostgreSQL. Without TEST_DATABASE_URL their
// PostgreSQL halves fail in beforeAll (their tests then show as skipped); this test makes the cause a
// counted, named failure.
describe('CI database', () => {
  it.runIf(process.env.CI === 'true')('has TEST_DATABASE_URL for the PostgreSQL suites', () => {
    expect(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL must be set when CI=true').toMatch(
      /^postgres(ql)?:\/\//,
    );
  });
});
