import { describe, expect, it } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { demoFilesSource } from './data-source';

describe('demoFilesSource', () => {
  it('reads empty lists until the demo data set exists', async () => {
    await expect(demoFilesSource.listBimFiles('p')).resolves.toEqual([]);
    await expect(demoFilesSource.listIdsFiles('p')).resolves.toEqual([]);
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
