import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every write to the API goes through a data source (a `…source.ts` file: `features/*\/data-source.ts`,
 * `lib/billing-source.ts`), whose demo variant refuses before any request (decision 0061, issue 37).
 * The few other requests that are not GETs are listed here, each with why it is not a write of data;
 * a new one fails this test until it moves into a source or is listed with its reason.
 */
const SRC = join(import.meta.dirname, '../..');

const NOT_WRITES: Record<string, { count: number; why: string }> = {
  'lib/auth-api.ts': {
    count: 5,
    why: 'signing in, up and out, verifying: the session itself, which /demo has none of',
  },
  'lib/acc.ts': {
    count: 1,
    why: "ends the browser's Autodesk sign-in (spec 1 §7 invalidate-session); no project data",
  },
  'lib/billing.ts': { count: 1, why: 'a voucher is checked, not redeemed (read by POST)' },
  'features/governance/queries.ts': {
    count: 2,
    why: "creates and revokes API tokens: a signed-in person's credentials, which /demo has none of",
  },
  'lib/waiver-queries.ts': {
    count: 3,
    why: 'a waiver is requested and decided, and the self-approval setting saved, by signed-in people only: /demo shows none',
  },
  'features/chat/chat-stream.ts': {
    count: 1,
    why: "a question to the assistant writes nothing; /demo's is answered",
  },
  'features/viewer/queries.ts': { count: 1, why: 'viewer ids of GlobalIds (read by POST, spec 3 §7)' },
  'features/reports/queries.ts': {
    count: 1,
    why: 'a short-lived download address (read by POST, spec 2 §7)',
  },
  'features/projects/attribute-queries.ts': { count: 1, why: 'the analysis of an attribute (read by POST)' },
  'features/files/studio/studio-api.ts': {
    count: 1,
    why: "the IDS Studio's live counts of a specification being edited (read by POST; saving goes through the data source)",
  },
  'lib/acc-session.ts': {
    count: 1,
    why: "forgets the browser's Autodesk sign-in on leaving the import (spec 1 §4 clean-up); no project data",
  },
};

const WRITE = /method: '(?:POST|PUT|PATCH|DELETE)'|\buploadFile\(/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(SRC, join(e.parentPath, e.name)))
    .filter((path) => !path.startsWith('lib/testing/') && !path.includes('/generated/'));
}

describe('writes to the API', () => {
  const files = sources(SRC);

  it('are made by data sources only, apart from the requests listed with their reason', () => {
    expect(files.length).toBeGreaterThan(100);
    const outside: Record<string, number> = {};
    for (const path of files) {
      if (path.endsWith('source.ts')) continue;
      const count = readFileSync(join(SRC, path), 'utf8').match(WRITE)?.length ?? 0;
      if (count > 0 || NOT_WRITES[path]) outside[path] = count;
    }
    const listed = Object.fromEntries(Object.entries(NOT_WRITES).map(([path, { count }]) => [path, count]));
    expect(outside).toEqual(listed);
  });

  it('finds a write where one is (the pattern is not blind)', () => {
    const sample = "apiRequest(path, { method: 'PATCH', body })\nawait uploadFile({ path, file })";
    expect(sample.match(WRITE)).toHaveLength(2);
    const source = readFileSync(join(SRC, 'features/projects/data-source.ts'), 'utf8');
    expect(source.match(WRITE)?.length).toBeGreaterThan(5);
  });
});
