// @vitest-environment happy-dom
import type { ExtraAttribute, ProjectRole, SchemaAttributesResponse } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProject } from '@/features/projects/test-fixtures';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { AttributeDetailDialog } from './attribute-detail-dialog';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const FILE = '00000000-0000-4000-8000-000000000002';
const VERSION = '00000000-0000-4000-8000-000000000003';

const ATTRIBUTE: ExtraAttribute = {
  id: 'Pset_WindowCommon.ThermalTransmittance',
  name: 'ThermalTransmittance',
  full_name: 'Pset_WindowCommon.ThermalTransmittance',
  property_set_name: 'Pset_WindowCommon',
  category: 'IfcWindow',
  ifc_classes: ['IfcWindow'],
  occurrence: 100,
  helpfulness: 100,
  element_count: 12,
  populated_count: 12,
  distinct_values: 2,
  data_type: 'IFCTHERMALTRANSMITTANCEMEASURE',
  values: ['1.2', '1.4'],
  recommendation_status: 'pending_review',
  suggested_schema_category: 'Wooden windows',
  ids_coverage: 'not_covered',
  covering_specifications: [],
  suggestion_priority: 'high',
};

const SCHEMA: SchemaAttributesResponse = {
  version_id: VERSION,
  specifications: [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      name: 'Wooden windows',
      description: null,
      ids_file_id: '00000000-0000-4000-8000-0000000000f1',
      ids_file_name: 'IDS_wooden-windows.ids',
      applicable_elements: 12,
      passed_elements: 10,
      failed_elements: 2,
      compliance_rate: 83.3,
      state: 'failed',
      applicability_facets: [],
      requirement_facets: [],
    },
  ],
  statistics: { total_specifications: 1, ids_compliance: 83.3, total_facets: 0, required_facets: 0 },
};

function renderDialog(role: ProjectRole) {
  const calls = mockApi({
    'GET /projects': { body: { projects: [makeProject({ id: PROJECT, role })] } },
    [`GET /projects/${PROJECT}/bimfiles/${FILE}/schema-attributes`]: { body: SCHEMA },
  });
  renderWithApp(
    <AttributeDetailDialog
      projectId={PROJECT}
      fileId={FILE}
      versionId={VERSION}
      attribute={ATTRIBUTE}
      onClose={() => {}}
    />,
  );
  return calls;
}

describe('AttributeDetailDialog', () => {
  // Moved from attributes.e2e (decision 0205): which controls a role gets is this dialog's detail; the
  // server's refusal of the same writes is the server tests' (authorization-matrix.test.ts).
  it('shows a Viewer the status, Analyze and add controls disabled, each with the reason', async () => {
    const calls = renderDialog('Viewer');
    const dialog = await screen.findByRole('dialog', { name: 'ThermalTransmittance' });
    expect(within(dialog).getByRole('heading', { name: 'Add to IDS specification' })).toBeVisible();
    await within(dialog).findByRole('button', { name: 'Analyze' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Recommendation status' })).toBeDisabled(),
    );
    expect(
      within(dialog).getByText(
        "Viewers cannot change an attribute's status. Ask a project Admin for the Editor role.",
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Analyze' })).toBeDisabled();
    expect(
      within(dialog).getByText(
        'Viewers cannot add attributes to a specification. Ask a project Admin for the Editor role.',
      ),
    ).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('offers an Editor the same controls enabled, with no reason shown', async () => {
    renderDialog('Editor');
    const dialog = await screen.findByRole('dialog', { name: 'ThermalTransmittance' });
    await within(dialog).findByRole('button', { name: 'Analyze' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Recommendation status' })).toBeEnabled(),
    );
    expect(within(dialog).getByRole('button', { name: 'Analyze' })).toBeEnabled();
    expect(within(dialog).queryByText(/^Viewers cannot/)).not.toBeInTheDocument();
  });
});
