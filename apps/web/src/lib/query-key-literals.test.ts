import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every key a project's view reads by comes from `query-keys.ts`, so it sits under the project's root
 * and refreshes when the project settles (issue 37 item 4, decision 0215). A key written as a literal
 * array elsewhere escapes that; the few that are not a project's are listed here with why.
 */
const SRC = join(import.meta.dirname, '..');

const NOT_A_PROJECT: Record<string, string> = {
  'features/overview/queries.ts': "the chart colours, a static file that is no project's",
  'features/wizard/steps/complete-step.tsx': 'a checkout session, before the project exists',
  'features/team/my-invitations.ts': "the signed-in person's invitations, across projects",
  'features/settings/outbox-card.tsx': "the server's mail outbox (admin)",
  'features/settings/queries.ts': "the person's profile",
  'features/settings/performance-card.tsx': "the server's performance settings (admin)",
  'lib/session.ts': 'the session',
  'lib/acc.ts': "the server's Autodesk configuration",
  'lib/billing.ts': 'the plans and prices (billing keys, per mode)',
};

/** A key given as an array literal, inline or in a constant named as a key. */
const LITERAL_KEY = /queryKey: \[|(?:Key|KEY) = \[/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(SRC, join(e.parentPath, e.name)))
    .filter((path) => !path.startsWith('lib/testing/') && path !== 'lib/query-keys.ts');
}

describe('query keys', () => {
  it('are built by query-keys.ts, apart from the keys that are no project’s', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const literal = files.filter((path) => readFileSync(join(SRC, path), 'utf8').match(LITERAL_KEY));
    expect(literal.sort()).toEqual(Object.keys(NOT_A_PROJECT).sort());
  });

  it('finds a literal key where one is (the pattern is not blind)', () => {
    const sample = "useQuery({ queryKey: ['validity', mode, projectId] })\nconst KEY = ['admin'] as const;";
    expect(sample.match(LITERAL_KEY)).toHaveLength(2);
  });
});
