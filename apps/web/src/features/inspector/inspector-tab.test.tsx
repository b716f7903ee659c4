// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { ComplianceTab } from './compliance/compliance-tab';
import { InspectorTab } from './inspector-tab';

const PROJECT = makeProject({ id: '00000000-0000-4000-8000-000000000001', name: 'Empty Project' });
const FILE = '00000000-0000-4000-8000-000000000002';
const VERSION = '00000000-0000-4000-8000-000000000003';

// Moved from compliance.e2e (decision 0205): the File Inspector's own empty and error states.
describe('InspectorTab', () => {
  it('prompts for a first project when there is none', async () => {
    mockApi({ 'GET /projects': { body: { projects: [] } } });
    renderWithApp(<InspectorTab />, { route: '/?tab=dashboard' });
    expect(await screen.findByText('No projects yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'New Project' })).toBeVisible();
  });

  it('shows the portfolio until a project is chosen, then asks for a file and version', async () => {
    mockApi({
      'GET /projects': { body: { projects: [PROJECT] } },
      'GET /team-members-all': { body: { data: [] } },
      [`GET /projects/${PROJECT.id}/bimfiles`]: { body: { bim_files: [] } },
    });
    const first = renderWithApp(<InspectorTab />, { route: '/?tab=dashboard' });
    expect(await screen.findByText('Portfolio Overview')).toBeVisible();
    expect(screen.getByText('Quick Start')).toBeVisible();
    first.unmount();

    renderWithApp(<InspectorTab />, { route: `/?tab=dashboard&project=${PROJECT.id}` });
    expect(await screen.findByText('Please select a project, file and version')).toBeVisible();
  });
});

describe('ComplianceTab', () => {
  it('says the compliance data is unavailable, with the technical details and Refresh Page', async () => {
    mockApi({
      [`GET /projects/${PROJECT.id}/bimfiles/${FILE}/compliance`]: {
        status: 503,
        body: { error: { code: 'unavailable', message: 'Service Unavailable' } },
      },
    });
    renderWithApp(<ComplianceTab projectId={PROJECT.id} fileId={FILE} versionId={VERSION} />);
    const card = await screen.findByRole('alert');
    expect(within(card).getByText('Compliance data unavailable')).toBeVisible();
    expect(within(card).getByText('Technical details')).toBeVisible();
    expect(within(card).getByText('Service Unavailable')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  });
});
