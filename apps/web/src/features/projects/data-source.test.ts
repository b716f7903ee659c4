import { describe, expect, it } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { demoProjectsSource } from './data-source';

describe('demoProjectsSource', () => {
  it('reads as empty until the demo data set exists', async () => {
    await expect(demoProjectsSource.listProjects()).resolves.toEqual([]);
    await expect(demoProjectsSource.listProjectFiles('any')).resolves.toEqual([]);
    await expect(demoProjectsSource.listAllMemberships()).resolves.toEqual([]);
  });

  it('refuses every write with the spec message', async () => {
    await expect(demoProjectsSource.createProject({ name: 'X' })).rejects.toBeInstanceOf(
      ReadOnlyDataSourceError,
    );
    await expect(demoProjectsSource.updateProject('p', { name: 'Y' })).rejects.toThrow(
      'Demo data cannot be modified.',
    );
  });
});
