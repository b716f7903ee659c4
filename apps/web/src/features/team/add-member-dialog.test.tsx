// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { AddMemberDialog } from './add-member-dialog';

const PROJECT = makeProject({ name: 'Harbour Tower' });
const MEMBERS = `POST /projects/${PROJECT.id}/members`;

/** The dialog as the team tab opens it: from an "Add Member" button. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Member
      </button>
      <AddMemberDialog project={PROJECT} open={open} onOpenChange={setOpen} />
    </>
  );
}

async function openDialog(user: ReturnType<typeof renderWithApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add Member' }));
  return screen.findByRole('dialog', { name: 'Add Team Member' });
}

describe('AddMemberDialog', () => {
  it('names the project and refuses an address that is not one, with the spec message', async () => {
    const calls = mockApi({});
    const { user } = renderWithApp(<Harness />);
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/Invite someone to Harbour Tower by e-mail/)).toBeVisible();

    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('invites with the chosen role, shows the answer and gives focus back to the opener', async () => {
    const calls = mockApi({
      [MEMBERS]: { status: 201, body: { message: 'Invitation sent to ann@example.com.' } },
    });
    const { user } = renderWithApp(<Harness />);
    const opener = screen.getByRole('button', { name: 'Add Member' });
    const dialog = await openDialog(user);
    // The role's meaning is shown under the picker and follows the choice.
    expect(within(dialog).getByText('Views the project only.')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    expect(within(dialog).getByText('Edits project data, but not the team.')).toBeVisible();

    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), ' Ann@Example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByText('Invitation sent to ann@example.com.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/projects/${PROJECT.id}/members`,
        body: { email: 'ann@example.com', role: 'Editor' },
      },
    ]);
  });

  it("shows the server's refusal in the form and drops it once the address changes", async () => {
    mockApi({
      [MEMBERS]: {
        status: 409,
        body: { error: { code: 'already_member', message: 'Ann is already a member.' } },
      },
    });
    const { user } = renderWithApp(<Harness />);
    const dialog = await openDialog(user);
    const email = within(dialog).getByRole('textbox', { name: 'Email address' });
    await user.type(email, 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));

    expect(await within(dialog).findByText('Ann is already a member.')).toBeVisible();
    await user.type(email, 'x');
    expect(within(dialog).queryByText('Ann is already a member.')).not.toBeInTheDocument();
  });

  it('starts empty each time it opens', async () => {
    mockApi({});
    const { user } = renderWithApp(<Harness />);
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  it('refuses in the demo without a request', async () => {
    const calls = mockApi({});
    const { user } = renderWithApp(<Harness />, { mode: 'demo', route: '/demo' });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Access Denied')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
