// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { ExportBcfButton } from './export-bcf-button';

// The download itself is the browser's; the test reads what was asked of the server.
vi.mock('@/lib/save-file', () => ({ saveBlob: vi.fn() }));

const PROJECT = '00000000-0000-4000-8000-000000000001';
const FILE = '00000000-0000-4000-8000-000000000002';
const VERSION = '00000000-0000-4000-8000-000000000003';

/** The BCF route answering an empty archive, keeping each request's query. */
function mockBcf(): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  mockApi({
    [`GET /projects/${PROJECT}/bimfiles/${FILE}/bcf`]: ({ url }) => {
      queries.push(url.searchParams);
      return new Response(new Uint8Array([0x50, 0x4b]), {
        headers: { 'content-type': 'application/octet-stream' },
      });
    },
  });
  return queries;
}

describe('ExportBcfButton', () => {
  it('leaves the validity findings out until asked, then asks the server for them', async () => {
    const queries = mockBcf();
    const { user } = renderWithApp(
      <ExportBcfButton projectId={PROJECT} fileId={FILE} versionId={VERSION} specificationId={null} />,
    );
    const include = await screen.findByRole('switch', { name: 'Include model validity findings' });
    expect(include).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Export BCF' }));
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]?.get('validity')).toBeNull();
    expect(queries[0]?.get('versionId')).toBe(VERSION);

    await user.click(include);
    expect(include).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export BCF' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Export BCF' }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]?.get('validity')).toBe('true');
    expect(queries[1]?.get('bcfVersion')).toBe('2.1');
  });
});
