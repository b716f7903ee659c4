import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { demoFilesSource } from './data-source';

afterEach(() => vi.unstubAllGlobals());

describe('demoFilesSource', () => {
  it('reads the demo project by the ordinary file routes (the demo project is public)', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const body = url.endsWith('/bimfiles') ? { bim_files: [] } : { ids_files: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(demoFilesSource.listBimFiles('p')).resolves.toEqual([]);
    await expect(demoFilesSource.listIdsFiles('p')).resolves.toEqual([]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/projects/p/bimfiles',
      '/api/v1/projects/p/idsfiles',
    ]);
  });

  it('refuses every write with the demo message', async () => {
    const file = new File(['ISO-10303-21;'], 'a.ifc');
    await expect(demoFilesSource.uploadBimFile('p', file)).rejects.toBeInstanceOf(ReadOnlyDataSourceError);
    await expect(demoFilesSource.uploadIdsFile('p', file)).rejects.toThrow('Demo data cannot be modified.');
    await expect(demoFilesSource.setIdsFileActive('p', 'i', false)).rejects.toBeInstanceOf(
      ReadOnlyDataSourceError,
    );
  });
});
