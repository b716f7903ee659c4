// @vitest-environment happy-dom
import type { BimFileVersion, FindingChange } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ChangesViewerProps, ChangesViewerProvider } from '@/lib/changes-viewer-slot';
import { saveBlob } from '@/lib/save-file';
import { mockApi } from '@/lib/testing/fetch-mock';
import { FIRE_RATING, idsFacet } from '@/lib/testing/ids-fixtures';
import { renderWithApp } from '@/lib/testing/render';
import { ChangesView } from './changes-view';

// The download itself is the browser's; the test reads what was asked of the server.
vi.mock('@/lib/save-file', () => ({ saveBlob: vi.fn() }));
// The 3D engine does not run here: the app's viewer is a stand-in saying what it was asked to show.
function StandInViewer(props: ChangesViewerProps) {
  return (
    <p data-testid="changes-viewer">
      {props.specificationName} {props.versionId}{' '}
      {props.changes.map((c) => `${c.kind}:${c.step_id}`).join(' ')}
    </p>
  );
}

const PROJECT = '00000000-0000-4000-8000-000000000001';
const FILE = '00000000-0000-4000-8000-000000000002';
const V = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
const BASE = `/projects/${PROJECT}/bimfiles/${FILE}`;

function version(n: number): BimFileVersion {
  return {
    id: V(n),
    version_number: n,
    version_tag: `v${n}`,
    status: 'completed',
    size_bytes: 1000,
    sha256: 'a'.repeat(64),
    elements_count: 10,
    error: null,
    created_at: '2026-12-01T10:00:00.000Z',
    processed_at: '2026-12-01T10:01:00.000Z',
    ifc_schema: 'IFC4',
    schema_substitution: null,
  };
}

const facet = idsFacet(FIRE_RATING);

function comparison(
  from: number,
  to: number,
  counts = { new: 1, resolved: 0, removed: 0, persisting: 4, waived: 2 },
) {
  const ref = (n: number) => ({ id: V(n), version_number: n, version_tag: `v${n}` });
  return {
    comparison: {
      from_version: ref(from),
      to_version: ref(to),
      source: 'stored',
      computed_at: '2026-12-01T10:02:00.000Z',
      elements: { matched_by_global_id: 9, matched_by_content: 1, added: 0, removed: 0 },
      totals: counts,
      specifications: [
        {
          key: 'spec-key',
          specification_id: null,
          name: 'Walls have a fire rating',
          identifier: 'FR-1',
          compared: true,
          counts,
          uncompared: 0,
          requirements: [{ key: 'req-key', facet_index: 0, facet }],
        },
      ],
    },
  };
}

const change: FindingChange = {
  kind: 'new',
  requirement_key: 'req-key',
  element_key: '2XPyKWY018sA1ygZKgQPtU',
  version_id: V(3),
  step_id: 15042,
  global_id: '2XPyKWY018sA1ygZKgQPtU',
  name: 'Wall 4',
  ifc_class: 'IFCWALL',
  level: 'Ground floor',
  reason: { facet_index: 0, facet_type: 'property', outcome: 'absent', actual_value: null },
};

describe('Changes view', () => {
  it('compares the latest version with the one before, counts per specification, and lists the elements', async () => {
    const calls = mockApi({
      [`GET ${BASE}/versions`]: { body: { versions: [version(3), version(2), version(1)] } },
      [`GET ${BASE}/comparison`]: ({ url }) =>
        url.searchParams.get('from') === V(1)
          ? { body: comparison(1, 3, { new: 2, resolved: 3, removed: 1, persisting: 2, waived: 0 }) }
          : { body: comparison(2, 3) },
      [`GET ${BASE}/comparison/changes`]: ({ url }) => ({
        body: {
          changes: url.searchParams.get('kind') === 'new' ? [change] : [],
          total: url.searchParams.get('kind') === 'new' ? 1 : 0,
          page: 1,
          page_size: 100,
        },
      }),
    });
    const { user } = renderWithApp(<ChangesView projectId={PROJECT} fileId={FILE} />);
    const table = await screen.findByRole('table', { name: 'Changes per specification' });
    const row = within(table).getByRole('row', { name: /Walls have a fire rating/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Walls have a fire rating', '1', '0', '0', '4', '2', expect.stringContaining('Elements')]);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('From version').value).toBe(V(2)));
    expect(screen.getByLabelText<HTMLSelectElement>('To version').value).toBe(V(3));
    expect(screen.getByText(/v2 → v3:/).textContent?.replace(/\s+/g, ' ')).toBe(
      'v2 → v3: 9 elements matched by GlobalId, 1 by content; 0 added, 0 removed.',
    );

    await user.click(within(row).getByRole('button', { name: 'Elements of Walls have a fire rating' }));
    const list = await screen.findByRole('table', { name: 'New failures in Walls have a fire rating' });
    const cells = within(list)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Wall 4', 'IFCWALL', 'Ground floor', 'Pset_WallCommon.FireRating is missing']);
    // Kinds with nothing in them are not read.
    expect(calls.filter((c) => c.path.endsWith('/changes'))).toHaveLength(1);

    // Another pair: v1 against v3.
    await user.selectOptions(screen.getByLabelText('From version'), V(1));
    const again = await screen.findByRole('row', { name: /Walls have a fire rating.*2.*3.*1.*2/ });
    expect(
      within(again)
        .getAllByRole('cell')
        .slice(1, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['2', '3', '1', '2', '0']);
  });

  it('downloads the BCF of the new failures of the two versions shown, and offers none when nothing is new', async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      [`GET ${BASE}/versions`]: { body: { versions: [version(3), version(2), version(1)] } },
      [`GET ${BASE}/comparison`]: ({ url }) =>
        url.searchParams.get('from') === V(1)
          ? { body: comparison(1, 3, { new: 0, resolved: 3, removed: 0, persisting: 2, waived: 1 }) }
          : { body: comparison(2, 3) },
      [`GET ${BASE}/comparison/bcf`]: ({ url }) => {
        asked.push(url.searchParams);
        return new Response(new Uint8Array([0x50, 0x4b]), {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': "attachment; filename*=UTF-8''Tower%20v2-v3%20new%20failures.bcf",
          },
        });
      },
    });
    const { user } = renderWithApp(<ChangesView projectId={PROJECT} fileId={FILE} />);
    await screen.findByRole('table', { name: 'Changes per specification' });
    await user.click(screen.getByRole('button', { name: 'BCF of new failures' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.get('from')).toBe(V(2));
    expect(asked[0]?.get('to')).toBe(V(3));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('Tower v2-v3 new failures.bcf');

    // v1 against v3: nothing new (a waived failure is no new one), nothing to export.
    await user.selectOptions(screen.getByLabelText('From version'), V(1));
    await screen.findByRole('row', { name: /Walls have a fire rating.*0.*3.*0.*2/ });
    expect(screen.getByRole('button', { name: 'BCF of new failures' })).toBeDisabled();
  });

  it('opens the 3D viewer of a specification’s changes from its lists, on the versions shown', async () => {
    mockApi({
      [`GET ${BASE}/versions`]: { body: { versions: [version(3), version(2), version(1)] } },
      [`GET ${BASE}/comparison`]: { body: comparison(2, 3) },
      [`GET ${BASE}/comparison/changes`]: { body: { changes: [change], total: 1, page: 1, page_size: 100 } },
    });
    const { user } = renderWithApp(
      <ChangesViewerProvider value={StandInViewer}>
        <ChangesView projectId={PROJECT} fileId={FILE} />
      </ChangesViewerProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Elements of Walls have a fire rating' }));
    const show = await screen.findByRole('button', { name: 'Show in 3D: Walls have a fire rating' });
    expect(screen.queryByTestId('changes-viewer')).toBeNull();
    await user.click(show);
    // The newer version, with the specification's changes of every kind (one request, all kinds).
    expect((await screen.findByTestId('changes-viewer')).textContent).toBe(
      `Walls have a fire rating ${V(3)} new:15042`,
    );
    await user.click(screen.getByRole('button', { name: 'Hide 3D: Walls have a fire rating' }));
    expect(screen.queryByTestId('changes-viewer')).toBeNull();
  });

  it('offers no 3D where the app provides no viewer', async () => {
    mockApi({
      [`GET ${BASE}/versions`]: { body: { versions: [version(3), version(2)] } },
      [`GET ${BASE}/comparison`]: { body: comparison(2, 3) },
      [`GET ${BASE}/comparison/changes`]: { body: { changes: [change], total: 1, page: 1, page_size: 100 } },
    });
    const { user } = renderWithApp(<ChangesView projectId={PROJECT} fileId={FILE} />);
    await user.click(await screen.findByRole('button', { name: 'Elements of Walls have a fire rating' }));
    await screen.findByRole('table', { name: 'New failures in Walls have a fire rating' });
    expect(screen.queryByRole('button', { name: /Show in 3D/ })).toBeNull();
  });
});
