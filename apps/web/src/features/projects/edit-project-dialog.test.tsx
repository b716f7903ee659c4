// @vitest-environment happy-dom
import type { Project } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { EditProjectDialog } from './edit-project-dialog';
import { makeProject } from './test-fixtures';

const PROJECT = makeProject({ name: 'Harbour Tower', description: 'Twelve storeys' });

/** The dialog as the projects table uses it: opened by a button, closed by setting the project to null. */
function Harness({ project }: { project: Project }) {
  const [editing, setEditing] = useState<Project | null>(null);
  return (
    <>
      <button type="button" onClick={() => setEditing(project)}>
        Edit {project.name}
      </button>
      <EditProjectDialog project={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}

describe('EditProjectDialog', () => {
  it('shows the project as it is, refuses an empty name with the spec message, and sends nothing', async () => {
    const calls = mockApi({});
    const { user } = renderWithApp(<Harness project={PROJECT} />);
    await user.click(screen.getByRole('button', { name: 'Edit Harbour Tower' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    const name = within(dialog).getByRole('textbox', { name: 'Project name' });
    expect(name).toHaveValue('Harbour Tower');
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue('Twelve storeys');

    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Project name is required')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('saves the trimmed name, says so, closes and gives focus back to the button that opened it', async () => {
    const calls = mockApi({
      [`PATCH /projects/${PROJECT.id}`]: ({ body }) => ({
        body: { project: { ...PROJECT, ...(body as object) } },
      }),
    });
    const { user } = renderWithApp(<Harness project={PROJECT} />);
    const opener = screen.getByRole('button', { name: 'Edit Harbour Tower' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    const name = within(dialog).getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.type(name, '  Harbour Tower B  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Saved changes to Harbour Tower B.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: `/projects/${PROJECT.id}`,
        body: { name: 'Harbour Tower B', description: 'Twelve storeys' },
      },
    ]);
  });

  it("puts the server's field message on the field and keeps the dialog open", async () => {
    mockApi({
      [`PATCH /projects/${PROJECT.id}`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Some fields are invalid.',
            fields: { name: 'A project with this name already exists' },
          },
        },
      },
    });
    const { user } = renderWithApp(<Harness project={PROJECT} />);
    await user.click(screen.getByRole('button', { name: 'Edit Harbour Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('A project with this name already exists')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Edit Project' })).toBeInTheDocument();
  });

  it('refuses to save in the demo, without a request', async () => {
    const calls = mockApi({});
    const { user } = renderWithApp(<Harness project={PROJECT} />, { mode: 'demo', route: '/demo' });
    await user.click(screen.getByRole('button', { name: 'Edit Harbour Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Demo data cannot be modified.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
