// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { SchemaTab } from './schema-tab';

const PROJECT = makeProject({ id: '00000000-0000-4000-8000-000000000001', name: 'Empty Project' });

// Moved from compliance.e2e (decision 0205): the IDS Schemas tab's own empty and error states.
describe('SchemaTab', () => {
  it('shows the reason a specifications read failed, and Retry asks again', async () => {
    let failing = true;
    const calls = mockApi({
      'GET /projects': { body: { projects: [PROJECT] } },
      [`GET /projects/${PROJECT.id}/bimfiles`]: { body: { bim_files: [] } },
      [`GET /projects/${PROJECT.id}/ids/specifications`]: () =>
        failing
          ? { status: 500, body: { error: { code: 'internal_error', message: 'Database unreachable' } } }
          : { body: { specifications: [], version_id: null } },
    });
    const { user } = renderWithApp(<SchemaTab />, { route: `/?tab=schema&project=${PROJECT.id}` });

    expect(await screen.findByText('Failed to load IDS specifications')).toBeVisible();
    expect(screen.getByText('Database unreachable')).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No IDS specifications found')).toBeVisible();
    expect(calls.filter((call) => call.path.endsWith('/ids/specifications')).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('asks for a project first when there is none', async () => {
    mockApi({ 'GET /projects': { body: { projects: [] } } });
    renderWithApp(<SchemaTab />, { route: '/?tab=schema' });
    expect(
      await screen.findByText('Create a project and add an IDS file to see its specifications here.'),
    ).toBeVisible();
  });
});
