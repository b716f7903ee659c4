import { describe, expect, it } from 'vitest';
import { initialExplorerState } from './explorer-state';
import { exportOutcome, exportUrl, fileNameFrom, secondsFrom } from './export-request';

describe('metadata export request', () => {
  it('sends the current search and filters with the format', () => {
    const url = exportUrl(
      { projectId: 'p', fileId: 'f', versionId: 'v' },
      { ...initialExplorerState, search: 'oak', filters: { level: ['L1', 'L2'] } },
      'csv',
    );
    const [path, query] = url.split('?');
    expect(path).toBe('/api/v1/projects/p/bimfiles/f/metadata/export');
    const params = new URLSearchParams(query);
    expect(params.get('format')).toBe('csv');
    expect(params.get('search')).toBe('oak');
    expect(params.getAll('level')).toEqual(['L1', 'L2']);
  });

  it('reads the file name and the seconds left', () => {
    expect(fileNameFrom(`attachment; filename="a.csv"; filename*=UTF-8''b%C3%A4.csv`, 'x')).toBe('bä.csv');
    expect(fileNameFrom('attachment; filename="a.csv"', 'x')).toBe('a.csv');
    expect(fileNameFrom(null, 'x')).toBe('x');
    expect(secondsFrom('12', undefined)).toBe(12);
    expect(secondsFrom(null, 'Export Rate Limited: Please wait 7 seconds before exporting again.')).toBe(7);
  });

  it('maps answers to outcomes', async () => {
    const limited = new Response(JSON.stringify({ error: { code: 'export_rate_limited', message: 'x' } }), {
      status: 429,
      headers: { 'retry-after': '21' },
    });
    expect(await exportOutcome(limited, 'f.csv')).toEqual({ kind: 'rate-limited', secondsLeft: 21 });
    const empty = new Response(
      JSON.stringify({ error: { code: 'no_data_to_export', message: 'No Data to Export' } }),
      {
        status: 409,
      },
    );
    expect(await exportOutcome(empty, 'f.csv')).toEqual({ kind: 'no-data' });
    const broken = new Response('oops', { status: 500 });
    expect(await exportOutcome(broken, 'f.csv')).toMatchObject({ kind: 'failed' });
    const ok = new Response('a,b\r\n', {
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="m.csv"' },
    });
    expect(await exportOutcome(ok, 'f.csv')).toMatchObject({ kind: 'downloaded', fileName: 'm.csv' });
  });
});
