// @vitest-environment happy-dom
import type { IdsFile, ProjectRole } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { ProjectFilesPanel } from './project-files-panel';

const RULES: IdsFile = {
  id: '00000000-0000-4000-8000-0000000000f1',
  name: 'rules.ids',
  title: 'Rules',
  is_active: true,
  size_bytes: 889,
  sha256: 'a'.repeat(64),
  specifications_count: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

function renderPanel(role: ProjectRole) {
  const project = makeProject({ name: 'Read Only Site', role });
  const calls = mockApi({
    [`GET /projects/${project.id}/bimfiles`]: { body: { bim_files: [] } },
    [`GET /projects/${project.id}/idsfiles`]: { body: { ids_files: [RULES] } },
  });
  renderWithApp(
    <section aria-label="Files of Read Only Site">
      <ProjectFilesPanel project={project} projectName={project.name} />
    </section>,
  );
  return { calls, region: screen.getByRole('region', { name: 'Files of Read Only Site' }) };
}

// Moved from files.e2e (decision 0205): what a Viewer may touch in a project's files is this panel's
// detail; the server's refusal of the same writes is the server tests' (authorization-matrix.test.ts).
describe('ProjectFilesPanel', () => {
  it('shows a Viewer the files without upload or switch, and says why', async () => {
    const { calls, region } = renderPanel('Viewer');
    const idsSwitch = await within(region).findByRole('switch', { name: 'rules.ids active' });
    expect(idsSwitch).toBeDisabled();
    expect(within(region).getByText(/Viewers cannot upload or change files/)).toBeVisible();
    // The drop zone is inert for a Viewer too, with the same reason.
    expect(within(region).getByLabelText('Choose IFC files')).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Upload IFC' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Upload IDS' })).toBeDisabled();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('offers an Editor the uploads and the switch', async () => {
    const { region } = renderPanel('Editor');
    expect(await within(region).findByRole('switch', { name: 'rules.ids active' })).toBeEnabled();
    expect(within(region).getByRole('button', { name: 'Upload IFC' })).toBeEnabled();
    expect(within(region).getByRole('button', { name: 'Upload IDS' })).toBeEnabled();
    expect(screen.queryByText(/Viewers cannot/)).not.toBeInTheDocument();
  });
});
