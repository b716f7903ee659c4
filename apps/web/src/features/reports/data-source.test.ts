import { describe, expect, it } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { mockApi } from '@/lib/testing/fetch-mock';
import { demoReportsSource, liveReportsSource } from './data-source';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const REPORT = '22222222-2222-4222-8222-222222222222';

describe('reports data source', () => {
  it('live: deletes on the report path', async () => {
    const calls = mockApi({ [`DELETE /projects/${PROJECT}/reports/${REPORT}`]: { status: 204 } });
    await liveReportsSource.deleteReport(PROJECT, REPORT);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /projects/${PROJECT}/reports/${REPORT}`,
    ]);
  });

  it('demo: generating and deleting are refused without a request', async () => {
    const calls = mockApi({});
    await expect(
      demoReportsSource.generateReport(PROJECT, { report_type: 'comprehensive', name: 'R' } as never),
    ).rejects.toBeInstanceOf(ReadOnlyDataSourceError);
    await expect(demoReportsSource.deleteReport(PROJECT, REPORT)).rejects.toThrow(
      'Demo data cannot be modified.',
    );
    expect(calls).toEqual([]);
  });
});
