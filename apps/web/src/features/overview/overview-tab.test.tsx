// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { readSelection, writeSelection } from '../projects/selection/selection-memory';
import { makeProject } from '../projects/test-fixtures';
import { OverviewTab } from './overview-tab';

const TOWER = makeProject({ id: '00000000-0000-4000-8000-000000000001', name: 'Tower' });
const DEPOT = makeProject({ id: '00000000-0000-4000-8000-000000000002', name: 'Depot' });

describe('OverviewTab', () => {
  it('a project deleted after the list was read says Project Not Found, forgets it and offers the next one', async () => {
    writeSelection(window.localStorage, 'inspector', { project: TOWER.id, file: null, version: null });
    let listed = [TOWER, DEPOT];
    const calls = mockApi({
      'GET /projects': () => ({ body: { projects: listed } }),
      // Deleted between the list and the overview: the list read next no longer has it.
      [`GET /projects/${DEPOT.id}/overview`]: {
        status: 500,
        body: { error: { code: 'internal', message: 'Down' } },
      },
      // The Overview asks for each project's IDS files beside its figures (decision 0449).
      [`GET /projects/${DEPOT.id}/idsfiles`]: { body: { ids_files: [] } },
      [`GET /projects/${TOWER.id}/idsfiles`]: {
        status: 404,
        body: { error: { code: 'project_not_found', message: 'Project not found' } },
      },
      [`GET /projects/${TOWER.id}/overview`]: () => {
        listed = [DEPOT];
        return { status: 404, body: { error: { code: 'project_not_found', message: 'Project not found' } } };
      },
    });
    const { user } = renderWithApp(<OverviewTab />, { route: `/?project=${TOWER.id}` });

    // Three answers, each drawn in a background render (lib/use-background-settle.ts). The project's
    // overview says it first (its 404), then the tab once the list read again lacks it, offering the next.
    expect(await screen.findByRole('button', { name: 'Open Depot' })).toBeVisible();
    expect(screen.getByText('Project Not Found')).toBeVisible();
    expect(
      screen.getByText(
        'The selected project is no longer available. Please select a different project or create a new one.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create a project' })).toBeVisible();
    expect(readSelection(window.localStorage, 'inspector').project).toBeNull();
    // Never another project's figures in its place: Depot's overview is asked for only when chosen.
    expect(calls.some((call) => call.path === `/projects/${DEPOT.id}/overview`)).toBe(false);
    expect(calls.filter((call) => call.path === '/projects').length).toBeGreaterThanOrEqual(2);
    await user.click(screen.getByRole('button', { name: 'Open Depot' }));
    expect(await screen.findByText('Error loading dashboard')).toBeVisible();
    expect(calls.some((call) => call.path === `/projects/${DEPOT.id}/overview`)).toBe(true);
  });
});
