import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { projectChanged, watchProjectSettles } from './project-freshness';
import { queryKeys } from './query-keys';

/**
 * Issue 37 item 4: when a project's re-check or new version settles, every view of it is refreshed —
 * every key family a view reads by, not only the one that noticed. The families are listed here by
 * hand (what each view reads), not taken from the key factory under test.
 */
const P = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const F = 'f1';
const V = 'v1';

/** One key of every view that shows project P, as each feature builds it. */
const VIEWS: Record<string, readonly unknown[]> = {
  overview: queryKeys.overview('live', P),
  'IDS compliance': queryKeys.complianceResults('live', P, F, V, { specificationId: null, status: null }),
  'compliance cards': queryKeys.compliance('live', P, F, V),
  specifications: queryKeys.idsSpecifications('live', P, F, V),
  'extra attributes': queryKeys.extraAttributes('live', P, F, V),
  'schema attributes': queryKeys.schemaAttributes('live', P, F, V),
  'schema summary': queryKeys.schemaSummary('live', P),
  'attribute insights': queryKeys.attributeInsights('live', P),
  '3D statuses': queryKeys.elementStatuses('live', P, F, V, null),
  'element inspector': queryKeys.element('live', P, F, V, 7, 'compliance'),
  metadata: queryKeys.metadataRows('live', P, F, '/metadata?page=1'),
  'metadata facets': queryKeys.metadataFacets('live', P, F, V, 'level=1'),
  'model validity': queryKeys.validity('live', P, F, V, 100),
  'assistant suggestions': queryKeys.chatContext('live', P, F, V),
  reports: queryKeys.reportList('live', P),
  'report usage': queryKeys.reportUsage('live', P),
  'IDS files': queryKeys.idsFiles('live', P),
  members: queryKeys.members('live', P),
  limits: queryKeys.limits('live', P),
  versions: queryKeys.fileVersions('live', P, F),
};

type FileRow = { id: string; status: string; rechecking: boolean; version_count: number; included: boolean };
const file = (over: Partial<FileRow> = {}): FileRow => ({
  id: F,
  status: 'completed',
  rechecking: false,
  version_count: 1,
  included: true,
  ...over,
});

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  stop = watchProjectSettles(client);
  for (const key of Object.values(VIEWS)) client.setQueryData(key, { figures: 'old' });
  client.setQueryData(queryKeys.overview('live', OTHER), { figures: 'old' });
  client.setQueryData(queryKeys.projectList('live'), []);
  return client;
}

const stale = (client: QueryClient) =>
  Object.entries(VIEWS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);

/** A read of the files list answering as the server would: what the cache subscriber sees. */
function filesRead(client: QueryClient, files: FileRow[]) {
  client.setQueryData(queryKeys.files('live', P), files);
}

describe('watchProjectSettles', () => {
  it('refreshes every view of the project when its re-check settles, and nothing of another project', () => {
    const client = setUp();
    filesRead(client, [file()]);
    filesRead(client, [file({ rechecking: true })]);
    expect(stale(client)).toEqual([]);
    filesRead(client, [file()]);
    expect(stale(client)).toEqual(Object.keys(VIEWS));
    expect(client.getQueryState(queryKeys.overview('live', OTHER))?.isInvalidated).toBe(false);
    // The project's row in the list (element counts) too.
    expect(client.getQueryState(queryKeys.projectList('live'))?.isInvalidated).toBe(true);
  });

  it('refreshes when the Overview, the other read that polls, sees the project settle', () => {
    const client = setUp();
    client.setQueryData(queryKeys.files('live', P), [file()]);
    client.setQueryData(queryKeys.overview('live', P), {
      files: [file({ status: 'processing', version_count: 2 })],
    });
    expect(stale(client)).toEqual([]);
    client.setQueryData(queryKeys.overview('live', P), { files: [file({ version_count: 2 })] });
    expect(stale(client).sort()).toEqual(
      Object.keys(VIEWS)
        .filter((name) => name !== 'overview')
        .sort(),
    );
  });

  it('refreshes when a new version came and settled between two reads', () => {
    const client = setUp();
    filesRead(client, [file()]);
    expect(stale(client)).toEqual([]);
    filesRead(client, [file({ version_count: 2 })]);
    expect(stale(client)).toEqual(Object.keys(VIEWS));
  });

  it('leaves the views alone while nothing changes', () => {
    const client = setUp();
    filesRead(client, [file()]);
    filesRead(client, [file()]);
    filesRead(client, [file({ rechecking: true })]);
    filesRead(client, [file({ rechecking: true })]);
    expect(stale(client)).toEqual([]);
  });

  it('leaves the demo alone when a live project settles (the caches never mix)', () => {
    const client = setUp();
    client.setQueryData(queryKeys.overview('demo', P), { figures: 'old' });
    filesRead(client, [file({ rechecking: true })]);
    filesRead(client, [file()]);
    expect(client.getQueryState(queryKeys.overview('demo', P))?.isInvalidated).toBe(false);
  });
});

describe('projectChanged', () => {
  it('refreshes every view of the project at once (a write, before any re-check)', () => {
    const client = setUp();
    projectChanged(client, 'live', P);
    expect(stale(client)).toEqual(Object.keys(VIEWS));
    expect(client.getQueryState(queryKeys.overview('live', OTHER))?.isInvalidated).toBe(false);
  });
});

describe('other tabs of the browser', () => {
  it('are told when a project settles here', async () => {
    const client = setUp();
    const otherTab = new BroadcastChannel('plumbline:projects');
    const heard = new Promise<unknown>((resolve) => {
      otherTab.onmessage = ({ data }) => resolve(data);
    });
    filesRead(client, [file({ rechecking: true })]);
    filesRead(client, [file()]);
    expect(await heard).toEqual({ mode: 'live', projectId: P, kind: 'settled' });
    otherTab.close();
  });

  it("refresh this tab's views of a project changed or settled there", async () => {
    const client = setUp();
    const otherTab = new BroadcastChannel('plumbline:projects');
    const refreshed = new Promise<void>((resolve) => {
      const unsubscribe = client.getQueryCache().subscribe(() => {
        if (stale(client).length === Object.keys(VIEWS).length) {
          unsubscribe();
          resolve();
        }
      });
    });
    otherTab.postMessage({ mode: 'live', projectId: P, kind: 'changed' });
    await refreshed;
    expect(stale(client)).toEqual(Object.keys(VIEWS));
    expect(client.getQueryState(queryKeys.overview('live', OTHER))?.isInvalidated).toBe(false);
    otherTab.close();
  });
});
