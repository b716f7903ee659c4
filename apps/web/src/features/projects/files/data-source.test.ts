import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { demoFilesSource, liveFilesSource } from './data-source';

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
    vi.stubGlobal('fetch', vi.fn());
    await expect(demoFilesSource.deleteFile('p', 'bim', 'f')).rejects.toBeInstanceOf(ReadOnlyDataSourceError);
    await expect(demoFilesSource.deleteFile('p', 'ids', 'i')).rejects.toBeInstanceOf(ReadOnlyDataSourceError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('liveFilesSource', () => {
  it('deletes a model or an IDS file by its own route, the ids encoded', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await liveFilesSource.deleteFile('p 1', 'bim', 'f/2');
    await liveFilesSource.deleteFile('p 1', 'ids', 'i3');
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'DELETE /api/v1/projects/p%201/bimfiles/f%2F2',
      'DELETE /api/v1/projects/p%201/idsfiles/i3',
    ]);
  });
});
