import { afterAll, expect } from 'vitest';
import { serverPathLeaks } from './server-paths';

// Every e2e file ends by checking that no API answer it saw held a server's data directory path
// (issue 35: a failed file once showed 'ENOENT … /tmp/…'). The answers are recorded by openPage and
// by every request context made through the harness (harness/server-paths.ts).
afterAll(async () => {
  const { leaks } = await serverPathLeaks();
  expect(leaks, 'API answers holding a server data directory path').toEqual([]);
});
