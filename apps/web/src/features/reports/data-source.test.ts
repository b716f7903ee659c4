import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { demoReportsSource, liveReportsSource } from './data-source';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const REPORT = '22222222-2222-4222-8222-222222222222';

function stubFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('reports data source', () => {
  it('live: deletes on the report path', async () => {
    const fetchMock = stubFetch(204);
    await liveReportsSource.deleteReport(PROJECT, REPORT);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/v1/projects/${PROJECT}/reports/${REPORT}`);
    expect(init?.method).toBe('DELETE');
  });

  it('demo: generating and deleting are refused without a request', async () => {
    const fetchMock = stubFetch(200, {});
    await expect(
      demoReportsSource.generateReport(PROJECT, { report_type: 'comprehensive', name: 'R' } as never),
    ).rejects.toBeInstanceOf(ReadOnlyDataSourceError);
    await expect(demoReportsSource.deleteReport(PROJECT, REPORT)).rejects.toThrow(
      'Demo data cannot be modified.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
