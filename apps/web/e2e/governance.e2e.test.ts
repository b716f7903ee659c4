import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMemberViaApi, createProjectViaApi, signInViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { OPERATOR } from './harness/operator';

// Issue 32 items 2 and 3 in Chromium: API tokens made in Settings and in Team (shown once, used by a
// script, revoked), a project's audit trail read and filtered by its Admin, and the installation's
// chain checked by its admin.
const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** A script's call with the token (no browser cookie). */
async function callWithToken(token: string, path: string): Promise<number> {
  return (await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
}

/** New token → name it → the secret shown once, read from its field; the dialog closed. */
async function makeToken(card: Locator, name: string): Promise<string> {
  await card.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  await expectVisible(shown);
  const secret = await shown.getByRole('textbox').inputValue();
  await screenshot(page, `token-shown-${name}`);
  await shown.getByRole('button', { name: 'Done' }).click();
  return secret;
}

describe('API tokens and the audit trail (issue 32)', () => {
  it('makes a personal token in Settings that a script uses, then revokes it (401 after)', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('tokens'),
      password: 'tokens-flow-2026-x',
      fullName: 'Tomas Token',
    });
    await page.goto('/dashboard?tab=settings');
    const card = page.getByRole('region', { name: 'API tokens' });
    await expectVisible(card.getByText('No tokens yet.'));
    const secret = await makeToken(card, 'Nightly check');
    expect(secret).toMatch(/^plb_pat_[A-Za-z0-9_-]{43}$/);
    const row = card.getByRole('row', { name: /Nightly check/ });
    await expectVisible(row.getByText('Active'));
    await expectVisible(row.getByText(secret.slice(0, 12)));
    expect(await callWithToken(secret, '/api/v1/projects')).toBe(200);
    await card.getByRole('button', { name: 'Revoke Nightly check' }).click();
    await expectVisible(row.getByText('Revoked'));
    expect(await callWithToken(secret, '/api/v1/projects')).toBe(401);
    await screenshot(page, 'settings-tokens');
  });

  it("lets a project Admin make a project token and read, filter and export the project's audit trail", async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('auditor'),
      password: 'auditor-flow-2026-x',
      fullName: 'Ada Auditor',
    });
    const project = await createProjectViaApi(context.request, { name: 'Ledger Lane' });
    const colleague = uniqueEmail('colleague');
    await addMemberViaApi(context.request, project.id, { email: colleague, role: 'Viewer' });
    await page.goto(`/dashboard?tab=team&project=${project.id}`);
    const tokens = page.getByRole('region', { name: 'Project API tokens' });
    await expectVisible(tokens);
    const secret = await makeToken(tokens, 'Pipeline');
    expect(secret).toMatch(/^plb_prj_/);
    expect(await callWithToken(secret, `/api/v1/projects/${project.id}/bimfiles`)).toBe(200);
    // Its own project only.
    expect(await callWithToken(secret, '/api/v1/projects')).toBe(403);

    const trailCard = page.getByRole('region', { name: 'Audit trail' });
    const trail = trailCard.getByRole('table');
    // Entries are written by a job a moment after the change: Refresh until the token's is there.
    await expect
      .poll(async () => {
        await trailCard.getByRole('button', { name: 'Refresh' }).click();
        return trail.getByRole('cell', { name: 'API token created' }).count();
      })
      .toBeGreaterThan(0);
    await expectVisible(
      trail
        .getByRole('cell', { name: 'Member invited' })
        .or(trail.getByRole('cell', { name: 'Member added' })),
    );
    await expectVisible(trail.getByRole('cell', { name: 'API token created' }));
    await expectVisible(trail.getByRole('cell', { name: 'Project created' }));
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'API token created' }).click();
    await expect.poll(() => trail.getByRole('row').count()).toBe(2);
    // The one row left: its last cell says what the token was made as (PostgreSQL's jsonb orders the keys).
    const change = String(await trail.getByRole('row').nth(1).getByRole('cell').last().textContent());
    expect(change.startsWith('— → ')).toBe(true);
    for (const part of ['kind: project', 'name: Pipeline', 'scope: read', `hint: ${secret.slice(0, 12)}`]) {
      expect(change).toContain(part);
    }
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toBe(
      `/api/v1/projects/${project.id}/audit/export?action=token.created`,
    );
    const csv = await page.request.get(String(await exportLink.getAttribute('href')));
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(2);
    await screenshot(page, 'team-audit-trail');
  });

  it("lets the installation's admin check the audit chain in Settings", async () => {
    await signInViaApi(context.request, OPERATOR);
    await page.goto('/dashboard?tab=settings');
    const check = page.getByRole('button', { name: 'Check the chain' });
    await expectVisible(check);
    await screenshot(page, 'settings-before-chain-check');
    await check.click();
    await expectVisible(page.getByText(/The chain holds: \d+ entries checked\./));
    await screenshot(page, 'settings-audit-chain');
  });
});
