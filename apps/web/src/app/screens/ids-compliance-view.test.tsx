// @vitest-environment happy-dom
import type { ComplianceResultRow, ComplianceStatus, IdsSpecification } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { idsSpecification } from '@/lib/testing/ids-fixtures';
import { renderWithApp } from '@/lib/testing/render';
import { IdsComplianceView } from './ids-compliance-view';

// The 3D view needs WebGL, which jsdom has not; it is covered by the e2e tests in Chromium.
vi.mock('@/features/viewer/compliance-viewer', () => ({ ComplianceViewer: () => null }));

const PROJECT = '00000000-0000-4000-8000-000000000001';
const FILE = '00000000-0000-4000-8000-000000000002';
const VERSION = '00000000-0000-4000-8000-000000000003';
const SPEC_DOORS = '00000000-0000-4000-8000-0000000000d1';
const SPEC_WALLS = '00000000-0000-4000-8000-0000000000d2';

function spec(id: string, name: string): IdsSpecification {
  return idsSpecification({ id, name });
}

function row(
  viewerDbId: number,
  status: ComplianceStatus,
  specificationId: string,
  name: string,
  validityMarks: ComplianceResultRow['validity_marks'] = [],
): ComplianceResultRow {
  return {
    viewer_db_id: viewerDbId,
    global_id: `GUID${viewerDbId}`,
    name,
    ifc_class: 'IfcDoor',
    status,
    specification_id: specificationId,
    specification_name: specificationId === SPEC_DOORS ? 'Doors have a fire rating' : 'Walls are typed',
    validity_marks: validityMarks,
  };
}

const ROWS = [
  row(11, 'passed', SPEC_DOORS, 'Door D-01'),
  row(12, 'failed', SPEC_DOORS, 'Door D-02', [
    { code: 'repeated_global_id', rule: 'SCH001', global_id: 'GUID12' },
    { code: 'repeated_property_set', rule: 'SCH002', property_sets: ['Pset_DoorCommon'] },
  ]),
  row(21, 'warning', SPEC_WALLS, 'Wall W-01'),
];

function mockCompliance() {
  return mockApi({
    [`GET /projects/${PROJECT}/ids/specifications`]: {
      body: {
        specifications: [spec(SPEC_DOORS, 'Doors have a fire rating'), spec(SPEC_WALLS, 'Walls are typed')],
        version_id: VERSION,
      },
    },
    // The server filters; the mock does the same from the query, so the screen must send the filters.
    [`GET /projects/${PROJECT}/bimfiles/${FILE}/compliance/results`]: ({ url }) => {
      const status = url.searchParams.get('status');
      const specificationId = url.searchParams.get('specificationId');
      const results = ROWS.filter(
        (r) =>
          (!status || r.status === status) && (!specificationId || r.specification_id === specificationId),
      );
      const count = (s: ComplianceStatus) => results.filter((r) => r.status === s).length;
      return {
        body: {
          version_id: VERSION,
          summary: {
            passed: count('passed'),
            waived: 0,
            warning: count('warning'),
            failed: count('failed'),
            not_applicable: 0,
          },
          total: results.length + 100,
          offset: 0,
          limit: 20,
          results,
        },
      };
    },
  });
}

function resultRows() {
  const table = screen.getByRole('table', { name: 'Compliance results' });
  // The first row holds the column headers.
  return within(table).getAllByRole('row').slice(1);
}

describe('IDS compliance results', () => {
  it('lists one row per element and specification with its status, and the count shown', async () => {
    mockCompliance();
    renderWithApp(<IdsComplianceView projectId={PROJECT} fileId={FILE} versionId={VERSION} />);

    const table = await screen.findByRole('table', { name: 'Compliance results' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Element', 'Status', 'Specification', 'Name', 'IFC Class', 'GlobalId']);
    const rows = resultRows();
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Door D-02')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText('Walls are typed')).toBeVisible();
    expect(screen.getByText('Showing the first 3 of 103 results')).toBeVisible();
  });

  it('shows why a verdict is unreliable beside it, and nothing beside the others', async () => {
    mockCompliance();
    renderWithApp(<IdsComplianceView projectId={PROJECT} fileId={FILE} versionId={VERSION} />);
    await screen.findByRole('table', { name: 'Compliance results' });
    const [first, second, third] = resultRows() as HTMLElement[];
    const marks = within(second as HTMLElement).getByRole('list', { name: 'Why this verdict is unreliable' });
    expect(
      within(marks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Unreliable: this element's GlobalId is used by another element too (SCH001).",
      'Unreliable: property set Pset_DoorCommon is written twice on this element (SCH002).',
    ]);
    for (const unmarked of [first, third]) {
      expect(
        within(unmarked as HTMLElement).queryByRole('list', { name: 'Why this verdict is unreliable' }),
      ).not.toBeInTheDocument();
    }
  });

  it('filters by status and by specification through the server', async () => {
    const calls = mockCompliance();
    const { user } = renderWithApp(
      <IdsComplianceView projectId={PROJECT} fileId={FILE} versionId={VERSION} />,
    );
    await screen.findByRole('table', { name: 'Compliance results' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(resultRows()).toHaveLength(1));
    expect(within(resultRows()[0] as HTMLElement).getByText('Door D-02')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All statuses' }));
    await user.click(screen.getByRole('combobox', { name: 'Specification' }));
    await user.click(await screen.findByRole('option', { name: 'Walls are typed' }));
    await waitFor(() => expect(resultRows()).toHaveLength(1));
    expect(within(resultRows()[0] as HTMLElement).getByText('Wall W-01')).toBeVisible();

    const resultCalls = calls.filter((c) => c.path.endsWith('/compliance/results'));
    expect(resultCalls.length).toBeGreaterThanOrEqual(3);
  });

  it('says so when no result matches', async () => {
    mockCompliance();
    const { user } = renderWithApp(
      <IdsComplianceView projectId={PROJECT} fileId={FILE} versionId={VERSION} />,
    );
    await screen.findByRole('table', { name: 'Compliance results' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Not Applicable' }));
    expect(await screen.findByText('No results match these filters.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Compliance results' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the results cannot be loaded", async () => {
    mockApi({
      [`GET /projects/${PROJECT}/bimfiles/${FILE}/compliance/results`]: {
        status: 409,
        body: { error: { code: 'version_processing', message: 'This version is still being processed.' } },
      },
    });
    renderWithApp(<IdsComplianceView projectId={PROJECT} fileId={FILE} versionId={VERSION} />);
    expect(await screen.findByText('Error loading compliance data')).toBeVisible();
    expect(screen.getByText('This version is still being processed.')).toBeVisible();
  });
});
