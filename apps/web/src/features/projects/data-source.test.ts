import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { demoProjectsSource } from './data-source';
import { makeMember } from './member-fixtures';
import { makeProject } from './test-fixtures';

const DEMO = makeProject({ name: 'Demo Office', isDemo: true, role: 'Viewer' });

/** Answers each API path from the table; anything else is a 404. */
function stubApi(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const body = answers[url];
    return body === undefined
      ? new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 })
      : new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('demoProjectsSource', () => {
  it('lists the public demo projects, then reads them by the ordinary project routes', async () => {
    const owner = makeMember('Plumbline Demo', 'demo-owner@plumbline.invalid', 'Admin');
    const fetchMock = stubApi({
      '/api/v1/demo/projects': { projects: [DEMO] },
      [`/api/v1/projects/${DEMO.id}/members`]: { data: [owner], invitations: [] },
      [`/api/v1/projects/${DEMO.id}/bimfiles`]: { bim_files: [] },
    });
    await expect(demoProjectsSource.listProjects()).resolves.toEqual([DEMO]);
    await expect(demoProjectsSource.listProjectMembers(DEMO.id)).resolves.toEqual([owner]);
    await expect(demoProjectsSource.listProjectFiles(DEMO.id)).resolves.toEqual([]);
    await expect(demoProjectsSource.listAllMemberships()).resolves.toEqual([
      { projectId: DEMO.id, userId: owner.userId },
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/v1/projects');
  });

  it('refuses every write with the spec message, without a request', async () => {
    const fetchMock = stubApi({});
    await expect(demoProjectsSource.createProject({ name: 'X' })).rejects.toBeInstanceOf(
      ReadOnlyDataSourceError,
    );
    await expect(demoProjectsSource.updateProject('p', { name: 'Y' })).rejects.toThrow(
      'Demo data cannot be modified.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
