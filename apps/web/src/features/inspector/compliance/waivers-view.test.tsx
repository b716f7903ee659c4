// @vitest-environment happy-dom
import type { Waiver } from '@plumbline/contracts';
import { SESSION_HINT_COOKIE } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../../projects/test-fixtures';
import { WaiversView } from './waivers-view';

const PROJECT = makeProject({ id: '00000000-0000-4000-8000-000000000001', name: 'Tower', role: 'Admin' });
const FILE = '00000000-0000-4000-8000-0000000000f1';
const ME = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000b2';
const base = `/projects/${PROJECT.id}/waivers`;

function waiver(id: string, requester: string, overrides: Partial<Waiver> = {}): Waiver {
  return {
    id,
    scope: 'element',
    state: 'requested',
    file: { id: FILE, name: 'tower.ifc' },
    specification: { key: 'spec-key', name: 'Walls have a fire rating' },
    facet_index: 0,
    subject: '2O2Fr$t4X7Zf8NOew3FLOH',
    subject_label: '2O2Fr$t4X7Zf8NOew3FLOH · Wall 12',
    reason: 'Rating held on the type',
    reference: null,
    expires_at: '2027-03-01T00:00:00.000Z',
    requested_by: {
      id: requester,
      email: `${requester}@example.com`,
      full_name: requester === ME ? 'Ada' : 'Ed',
    },
    requested_at: '2026-12-01T10:00:00.000Z',
    decided_by: null,
    decided_at: null,
    decision_note: null,
    waived_findings: 0,
    ...overrides,
  };
}

const own = waiver('00000000-0000-4000-8000-000000000101', ME);
const theirs = waiver('00000000-0000-4000-8000-000000000102', OTHER);

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the sign-in hint cookie, as the server sets it.
  document.cookie = `${SESSION_HINT_COOKIE}=; max-age=0`;
});

function mockAdmin(selfApproval: boolean, queries: string[] = []) {
  // biome-ignore lint/suspicious/noDocumentCookie: the sign-in hint cookie, as the server sets it.
  document.cookie = `${SESSION_HINT_COOKIE}=1`;
  return mockApi({
    'GET /auth/me': {
      body: {
        user: {
          id: ME,
          email: 'ada@example.com',
          fullName: 'Ada',
          role: 'user',
          createdAt: '2026-01-01T00:00:00.000Z',
          avatarUrl: null,
          emailVerified: true,
          language: 'en',
        },
      },
    },
    'GET /projects': { body: { projects: [PROJECT] } },
    [`GET ${base}`]: ({ url }) => {
      queries.push(url.search);
      return { body: { waivers: [own, theirs], self_approval: selfApproval } };
    },
    [`POST ${base}/${theirs.id}/approve`]: { body: { waiver: { ...theirs, state: 'approved' } } },
  });
}

describe('WaiversView', () => {
  it("lets an Admin approve another member's request, not their own", async () => {
    const calls = mockAdmin(false);
    const { user } = renderWithApp(<WaiversView projectId={PROJECT.id} fileId={FILE} />);
    const ownRow = (await screen.findAllByRole('row')).find(
      (r) => r.getAttribute('data-waiver-id') === own.id,
    )!;
    const theirRow = screen.getAllByRole('row').find((r) => r.getAttribute('data-waiver-id') === theirs.id)!;
    await within(theirRow).findByRole('button', { name: 'Approve' });
    expect(await within(ownRow).findByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(theirRow).getByRole('button', { name: 'Approve' })).toBeEnabled();
    await user.click(within(theirRow).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Waiver approved.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`${theirs.id}/approve`))).toBe(true);
  });

  it('lets the Admin approve their own request once the project allows it', async () => {
    mockAdmin(true);
    renderWithApp(<WaiversView projectId={PROJECT.id} fileId={FILE} />);
    const rows = await screen.findAllByRole('row');
    const ownRow = rows.find((r) => r.getAttribute('data-waiver-id') === own.id)!;
    expect(await within(ownRow).findByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('asks the server for the filters chosen and offers the export with them', async () => {
    const queries: string[] = [];
    mockAdmin(false, queries);
    const { user } = renderWithApp(<WaiversView projectId={PROJECT.id} fileId={FILE} />);
    await screen.findAllByRole('row');
    await user.click(screen.getByRole('switch', { name: 'Expiring within 30 days' }));
    const link = screen.getByRole('link', { name: 'Export XLSX' });
    expect(link.getAttribute('href')).toContain('expiring=true');
    expect(link.getAttribute('href')).toContain(`file_id=${FILE}`);
    await screen.findAllByRole('row');
    expect(queries.some((q) => q.includes('expiring=true'))).toBe(true);
  });
});
