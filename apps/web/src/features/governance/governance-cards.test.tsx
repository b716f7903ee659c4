// @vitest-environment happy-dom
import type { ApiToken, AuditChainVerdict, AuditEntry } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { AuditTrailCard } from './audit-trail-card';
import { TokensCard } from './tokens-card';

const token: ApiToken = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'personal',
  name: 'Nightly check',
  scope: 'write',
  hint: 'plb_pat_abcd',
  project_id: null,
  created_by: { id: '00000000-0000-4000-8000-0000000000b1', email: 'ada@example.com', full_name: 'Ada' },
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2027-01-30T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  state: 'active',
};

const entry: AuditEntry = {
  id: '00000000-0000-4000-8000-0000000000c1',
  seq: 7,
  at: '2026-11-02T09:00:00.000Z',
  action: 'token.created',
  actor: { id: '00000000-0000-4000-8000-0000000000b1', email: 'ada@example.com', full_name: 'Ada' },
  project: null,
  target_type: 'token',
  target_id: token.id,
  details: { name: 'Nightly check' },
  hash: 'abc',
};

const broken: AuditChainVerdict = {
  ok: false,
  checked: 6,
  unchained: 0,
  head: { seq: 9, hash: 'def' },
  first_bad: {
    seq: 1234,
    id: entry.id,
    action: 'member.role_changed',
    at: entry.at,
    reason: 'link_broken',
    expected_seq: null,
  },
};

// The cards' data as the API would answer it; what is under test is how they word it.
vi.mock('./queries', () => ({
  useTokens: () => ({ data: [token], isError: false }),
  useRevokeToken: () => ({ mutate: vi.fn(), isPending: false }),
  useCreateToken: () => ({ mutate: vi.fn(), isPending: false, isError: false }),
  useAuditTrail: () => ({
    data: { pages: [{ entries: [entry], next_cursor: null }] },
    isSuccess: true,
    isError: false,
    isFetching: false,
    hasNextPage: false,
    refetch: vi.fn(),
  }),
  useVerifyChain: () => ({ data: broken, isPending: false, isError: false, mutate: vi.fn() }),
  auditExportUrl: () => '/api/v1/admin/audit/export',
}));

afterEach(() => switchLocale('en'));

describe('governance cards', () => {
  it('word the tokens and the trail in English from the catalogue', async () => {
    renderWithApp(
      <>
        <TokensCard owner={{ kind: 'personal' }} />
        <AuditTrailCard />
      </>,
    );
    const tokens = await screen.findByRole('region', { name: 'API tokens' });
    const row = within(tokens).getByRole('row', { name: /Nightly check/ });
    expect(within(row).getByText('Write')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Revoke Nightly check' })).toBeVisible();
    const trail = screen.getByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByRole('cell', { name: 'API token created' })).toBeVisible();
    expect(
      within(trail).getByText(
        'The chain is broken at entry #1234 (Role changed): it does not follow the hash of the entry before it: that entry was changed and re-hashed.',
      ),
    ).toBeVisible();
  });

  it('word them in German on a German page (Geltungsbereich, Aktiv, Audit-Trail)', async () => {
    await switchLocale('de');
    renderWithApp(
      <>
        <TokensCard owner={{ kind: 'personal' }} />
        <AuditTrailCard />
      </>,
    );
    const tokens = await screen.findByRole('region', { name: 'API-Tokens' });
    expect(within(tokens).getByRole('columnheader', { name: 'Geltungsbereich' })).toBeInTheDocument();
    const row = within(tokens).getByRole('row', { name: /Nightly check/ });
    expect(within(row).getByText('Schreiben')).toBeVisible();
    expect(within(row).getByText('Aktiv')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Nightly check widerrufen' })).toBeVisible();
    expect(within(tokens).getByRole('button', { name: 'Neues Token' })).toBeVisible();

    const trail = screen.getByRole('region', { name: 'Audit-Trail' });
    expect(within(trail).getByRole('columnheader', { name: 'Änderung' })).toBeInTheDocument();
    expect(within(trail).getByRole('cell', { name: 'API-Token erstellt' })).toBeVisible();
    expect(within(trail).getByRole('button', { name: 'Kette prüfen' })).toBeVisible();
    expect(
      within(trail).getByText(
        'Die Kette ist bei Eintrag #1234 (Rolle geändert) unterbrochen: er folgt nicht auf den Hash des vorherigen Eintrags: Dieser wurde geändert und neu gehasht.',
      ),
    ).toBeVisible();
    // Nothing of the English screen is left.
    for (const english of ['API tokens', 'Audit trail', 'Scope', 'Active', 'Check the chain', 'Export CSV']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });
});
