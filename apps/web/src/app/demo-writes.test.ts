import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoProjectsSource } from '@/features/projects/data-source';
import { demoFilesSource } from '@/features/projects/files/data-source';
import { demoReportsSource } from '@/features/reports/data-source';
import { demoSettingsSource } from '@/features/settings/data-source';
import { demoTeamSource } from '@/features/team/data-source';
import { demoWebhooksSource } from '@/features/team/webhooks-source';
import { demoBillingSource } from '@/lib/billing-source';
import { ReadOnlyDataSourceError } from '@/lib/data-source';

/**
 * The demo guard (decision 0061, issue 37): every data source's demo variant refuses each of its
 * writes before any request. The reads are named here; every other method is a write, so a write
 * added to a source is held to the guard without being listed. lib/api/writes.test.ts holds that every
 * write is in a source. (In app/, which may import every feature.)
 */
const SOURCES: Record<string, { source: object; reads: string[] }> = {
  projects: {
    source: demoProjectsSource,
    reads: ['listProjects', 'listProjectFiles', 'listProjectMembers', 'listAllMemberships'],
  },
  files: { source: demoFilesSource, reads: ['listBimFiles', 'listIdsFiles', 'listIdsRevisions'] },
  team: { source: demoTeamSource, reads: ['listTeam'] },
  webhooks: {
    source: demoWebhooksSource,
    reads: ['listWebhooks', 'listDeliveries', 'listProjectMail'],
  },
  reports: { source: demoReportsSource, reads: [] },
  settings: { source: demoSettingsSource, reads: [] },
  billing: { source: demoBillingSource, reads: [] },
};

afterEach(() => vi.unstubAllGlobals());

describe('the demo data sources', () => {
  it.each(Object.entries(SOURCES))(
    '%s: refuse every write before any request',
    async (_, { source, reads }) => {
      const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
      vi.stubGlobal('fetch', fetchMock);
      vi.stubGlobal(
        'XMLHttpRequest',
        vi.fn(() => {
          throw new Error('a demo write opened a request');
        }),
      );
      const methods = Object.entries(source).filter(([, value]) => typeof value === 'function');
      for (const name of reads) expect(methods.map(([n]) => n)).toContain(name);
      const writes = methods.filter(([name]) => !reads.includes(name));
      expect(writes.length).toBeGreaterThan(0);
      for (const [name, write] of writes) {
        const args = ['11111111-1111-4111-8111-111111111111', { name: 'x' }, { name: 'x' }];
        await expect(write(...args), name).rejects.toBeInstanceOf(ReadOnlyDataSourceError);
      }
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
