// @vitest-environment happy-dom
import type { Member, MemberListResponse, ProjectRole } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { TeamTab } from './team-tab';

const PROJECT = makeProject({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Canal Bridge',
  role: 'Viewer',
});

function member(n: number, name: string, email: string, role: ProjectRole, isOwner = false): Member {
  const userId = `00000000-0000-4000-8000-00000000010${n}`;
  return {
    id: `00000000-0000-4000-8000-00000000020${n}`,
    userId,
    projectRole: role,
    isOwner,
    createdAt: '2026-11-01T10:00:00.000Z',
    user: { id: userId, name, email, avatar: null },
  };
}

const TEAM: MemberListResponse = {
  data: [
    member(1, 'Otto Owner', 'otto@example.com', 'Admin', true),
    member(2, 'Vera Viewer', 'vera@example.com', 'Viewer'),
  ],
  invitations: [],
};

// Moved from team.e2e (decision 0205): which controls a Viewer and the demo get is this tab's detail;
// the server's refusal of the same writes is the server tests' (authorization-matrix.test.ts, demo).
describe('TeamTab', () => {
  it('shows a Viewer the add, edit and remove buttons disabled with a hint', async () => {
    const calls = mockApi({
      'GET /projects': { body: { projects: [PROJECT] } },
      [`GET /projects/${PROJECT.id}/members`]: { body: TEAM },
    });
    renderWithApp(<TeamTab />, { route: '/?tab=team' });

    expect(await screen.findByText('Members of Canal Bridge')).toBeVisible();
    expect(screen.getByText('Only project Admins can add, edit or remove members.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeDisabled();
    const vera = await screen.findByRole('row', { name: /Vera Viewer/ });
    expect(within(vera).getByRole('button', { name: 'Edit role of Vera Viewer' })).toBeDisabled();
    expect(within(vera).getByRole('button', { name: 'Remove Vera Viewer' })).toBeDisabled();
    const otto = screen.getByRole('row', { name: /Otto Owner/ });
    expect(within(otto).getByText('The project owner cannot be changed')).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('refuses adding members in the demo, without a dialog or a request', async () => {
    const demo = { ...PROJECT, isDemo: true, name: 'Demo Office' };
    const calls = mockApi({
      'GET /demo/projects': { body: { projects: [demo] } },
      [`GET /projects/${PROJECT.id}/members`]: { body: TEAM },
    });
    const { user } = renderWithApp(<TeamTab />, { route: '/demo?tab=team', mode: 'demo' });

    expect(await screen.findByRole('heading', { name: 'Team Members' })).toBeVisible();
    await screen.findByText('Members of Demo Office');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    // The toast, and the live region that reads it out.
    expect((await screen.findAllByText('Access Denied'))[0]).toBeVisible();
    expect(screen.getAllByText('Demo data cannot be modified.')[0]).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
