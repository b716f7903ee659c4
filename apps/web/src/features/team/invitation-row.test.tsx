// @vitest-environment happy-dom
import type { Invitation } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, TableBody } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { InvitationRow } from './invitation-row';

function invitation(overrides: Partial<Invitation>): Invitation {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    email: 'cleo@example.com',
    role: 'Admin',
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2026-11-15T10:00:00.000Z',
    expired: false,
    ...overrides,
  };
}

function renderRow(value: Invitation) {
  const onRevoke = vi.fn();
  const view = renderWithApp(
    <Table>
      <TableBody>
        <InvitationRow invitation={value} onRevoke={onRevoke} blockedReason={undefined} />
      </TableBody>
    </Table>,
  );
  return { ...view, onRevoke };
}

afterEach(() => switchLocale('en'));

describe('InvitationRow', () => {
  it('a pending invitation says Invited and until when it can be accepted', () => {
    renderRow(invitation({}));
    const row = screen.getByRole('row');
    expect(within(row).getByText('Invited')).toBeVisible();
    expect(within(row).getByText(`Until ${formatDate('2026-11-15T10:00:00.000Z')}`)).toBeVisible();
    expect(within(row).queryByText('Expired')).not.toBeInTheDocument();
  });

  it('an expired invitation says Expired and how to renew it, and can still be revoked', async () => {
    const { user, onRevoke } = renderRow(invitation({ expired: true }));
    const row = screen.getByRole('row');
    expect(within(row).getByText('Expired')).toBeVisible();
    expect(within(row).getByText('Add the address again to renew it')).toBeVisible();
    expect(within(row).queryByText('Invited')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Revoke the invitation of cleo@example.com' }));
    expect(onRevoke).toHaveBeenCalledOnce();
  });

  it('names the role and the status in the page language (German: Betrachter, Abgelaufen)', async () => {
    await switchLocale('de');
    renderRow(invitation({ expired: true, role: 'Viewer' }));
    const row = await screen.findByRole('row');
    expect(within(row).getByText('Betrachter')).toBeVisible();
    expect(within(row).getByText('Abgelaufen')).toBeVisible();
    expect(within(row).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(row).queryByText('Viewer')).not.toBeInTheDocument();
  });
});
