import type { BrowserContext, Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import {
  browserPagePerTest,
  downloadedBytes,
  expectHidden,
  expectVisible,
  screenshot,
  uniqueEmail,
} from './harness/browser';

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** A paid Blueprint project, arranged through the API (the wizard has its own test). */
async function paidProject(name: string, extra: Record<string, unknown> = {}) {
  const res = await context.request.post('/api/v1/billing/subscription-payments', {
    data: {
      customerName: 'Sue Scriber',
      billingEmail: 'sue@example.com',
      saveCard: true,
      tierId: 'blueprint',
      currency: 'AUD',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      projectName: name,
      idempotencyKey: `e2e-${name}-${Date.now()}`,
      ...extra,
    },
  });
  if (!res.ok()) throw new Error(`payment failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

const card = (name: string) => page.getByTestId('subscription-card').filter({ hasText: name });

async function openTab() {
  await page.goto('/dashboard?tab=subscriptions');
  await expectVisible(page.getByRole('heading', { name: 'Subscriptions' }));
}

describe('the Subscriptions tab (issue 11 acceptance 2)', () => {
  it('upgrades, schedules a downgrade, cancels, reactivates, and downloads a receipt', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('subs'),
      password: 'subscriber-2026',
      fullName: 'Sue Scriber',
    });
    await paidProject('Canal Bridge');
    await openTab();
    await expectVisible(card('Canal Bridge').getByText(/^Renews on /));
    await expectVisible(page.getByText('1 project on a plan', { exact: false }));
    await screenshot(page, 'subscriptions-tab');

    // Upgrade: Upgrade Now, a wrong name is refused, the exact name confirms.
    await card('Canal Bridge').getByRole('button', { name: 'Change Plan' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByRole('radio', { name: /Skyline/ }).click();
    await expectVisible(dialog.getByText(/^Charged today: A\$/));
    await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
    await dialog.getByLabel('Project name').fill('canal bridge');
    await dialog.getByRole('button', { name: 'Confirm Upgrade' }).click();
    await expectVisible(page.getByText('Confirmation Required'));
    await expectVisible(
      page.getByText('Please type the exact project name "Canal Bridge" to confirm the upgrade.'),
    );
    await screenshot(page, 'subscriptions-upgrade-confirm');
    await dialog.getByLabel('Project name').fill('Canal Bridge');
    await dialog.getByRole('button', { name: 'Confirm Upgrade' }).click();
    await expectHidden(dialog);
    await expectVisible(card('Canal Bridge').getByText(/^Skyline/));
    const history = page.getByRole('table');
    await expectVisible(history.getByText('Upgrade from Blueprint to Skyline (prorated)'));

    // Downgrade: scheduled for the next cycle, no typing.
    await card('Canal Bridge').getByRole('button', { name: 'Change Plan' }).click();
    dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByRole('radio', { name: /Cornerstone/ }).click();
    await dialog.getByRole('button', { name: 'Schedule Downgrade' }).click();
    await expectHidden(dialog);
    await expectVisible(card('Canal Bridge').getByText('Moves to Cornerstone at the next billing cycle.'));

    // Cancel: the button waits for the exact name; then Cancelling and Expires on.
    await card('Canal Bridge').getByRole('button', { name: 'Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    expect(await cancel.getByRole('button', { name: 'Cancel Subscription' }).isDisabled()).toBe(true);
    await cancel.getByLabel('Project name').fill('Canal');
    expect(await cancel.getByRole('button', { name: 'Cancel Subscription' }).isDisabled()).toBe(true);
    await cancel.getByRole('button', { name: 'Keep Subscription' }).click();
    await expectHidden(cancel);
    await card('Canal Bridge').getByRole('button', { name: 'Cancel' }).click();
    await cancel.getByLabel('Project name').fill('Canal Bridge');
    await cancel.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expectHidden(cancel);
    await expectVisible(card('Canal Bridge').getByText('Cancelling'));
    await expectVisible(card('Canal Bridge').getByText(/^Expires on /));
    await screenshot(page, 'subscriptions-cancelling');
    await card('Canal Bridge').getByRole('button', { name: 'Reactivate' }).click();
    await expectVisible(card('Canal Bridge').getByText(/^Renews on /));

    // Receipt download: a PDF named after its receipt number.
    const [download] = await Promise.all([
      page.waitForEvent('download') as Promise<Download>,
      history
        .getByRole('button', { name: /^Download receipt/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^RCT-\d{6}\.pdf$/);
    expect((await downloadedBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');

    // Billing history sorts by amount: ascending, descending, none.
    const amounts = async () => (await history.getByRole('row').allInnerTexts()).slice(1);
    const unsorted = await amounts();
    await history.getByRole('button', { name: 'Amount' }).click();
    await expectVisible(history.locator('th[aria-sort="ascending"]'));
    await history.getByRole('button', { name: 'Amount' }).click();
    await expectVisible(history.locator('th[aria-sort="descending"]'));
    await history.getByRole('button', { name: 'Amount' }).click();
    expect(await amounts()).toEqual(unsorted);
  });
});

describe('money on the Subscriptions tab (issue 35)', () => {
  it('prices a EUR project with a voucher in EUR, and its upgrade charges exactly the estimate', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('euro'),
      password: 'subscriber-2026',
      fullName: 'Eva Euro',
    });
    const paid = await paidProject('Kanal Haus', { currency: 'EUR', voucherCode: 'FLAT10' });
    await openTab();
    // Blueprint €48 less the €10 voucher: €38.00 billed, the list price struck beside it.
    await expectVisible(card('Kanal Haus').getByTestId('billed-price').getByText('€38.00 / month'));
    await expectVisible(card('Kanal Haus').getByText('List price €48.00'));

    await card('Kanal Haus').getByRole('button', { name: 'Change Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change plan' });
    await expectVisible(dialog.getByRole('radio', { name: /Skyline/ }));
    expect(await dialog.textContent()).not.toContain('A$');
    await dialog.getByRole('radio', { name: /Skyline/ }).click();
    // By hand: Skyline €135 − €10 = €125 billed; (125 − 38) × whole days left ÷ 30, to the cent.
    const days = Math.ceil(
      (new Date(paid.subscription.current_period_end).getTime() - Date.now()) / 86_400_000,
    );
    const expected = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(
      Math.round((8700 * days) / 30) / 100,
    );
    const estimate = dialog.getByTestId('upgrade-charge');
    await expectVisible(estimate);
    expect(await estimate.textContent()).toContain(`Charged today: ${expected},`);
    await screenshot(page, 'subscriptions-eur-estimate');
    await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
    await dialog.getByLabel('Project name').fill('Kanal Haus');
    await dialog.getByRole('button', { name: 'Confirm Upgrade' }).click();
    await expectHidden(dialog);
    await expectVisible(card('Kanal Haus').getByTestId('billed-price').getByText('€125.00 / month'));
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: 'Upgrade from Blueprint to Skyline' });
    await expectVisible(row.getByText(expected, { exact: true }));
  });

  it('pays a Due invoice and replaces the card inside the app (the ledger)', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('due'),
      password: 'subscriber-2026',
      fullName: 'Dan Due',
    });
    await paidProject('Dry Dock', { saveCard: false });
    await openTab();
    // No saved card: the upgrade's prorated invoice stays Due.
    await card('Dry Dock').getByRole('button', { name: 'Change Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByRole('radio', { name: /Cornerstone/ }).click();
    await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
    await dialog.getByLabel('Project name').fill('Dry Dock');
    await dialog.getByRole('button', { name: 'Confirm Upgrade' }).click();
    await expectHidden(dialog);
    const dueRow = page.getByRole('table').getByRole('row').filter({ hasText: 'Upgrade from Blueprint' });
    await expectVisible(dueRow.getByText('Due'));

    await page.getByRole('button', { name: 'Manage Billing' }).click();
    const portal = page.getByRole('dialog', { name: 'Billing portal' });
    await expectVisible(portal);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('subscriptions');
    await expectVisible(portal.getByText('No card saved'));
    await screenshot(page, 'billing-portal-due');
    await portal.getByRole('button', { name: /^Pay / }).click();
    await expectVisible(page.getByText('Your card was declined.'));

    await portal.getByRole('button', { name: 'Add card' }).click();
    await portal.getByLabel('Card number').fill('5555 5555 5555 4444');
    await portal.getByLabel('Expiry (MM/YY)').fill('10/98');
    await portal.getByLabel('CVC').fill('321');
    await portal.getByRole('button', { name: 'Save card' }).click();
    await expectVisible(portal.getByText('mastercard ending 4444, expires 10/2098'));

    await portal.getByRole('button', { name: /^Pay / }).click();
    await expectVisible(portal.getByText('No open invoices.'));
    await screenshot(page, 'billing-portal-paid');
    const paidRow = portal.getByRole('table').getByRole('row').filter({ hasText: 'Upgrade from Blueprint' });
    await expectVisible(paidRow.getByText('Paid'));
    await expectVisible(paidRow.getByRole('button', { name: /^Download receipt/ }));

    // Replacing a saved card: the new one is shown at once.
    await portal.getByRole('button', { name: 'Replace card' }).click();
    await portal.getByLabel('Card number').fill('4242 4242 4242 4242');
    await portal.getByLabel('Expiry (MM/YY)').fill('12/99');
    await portal.getByLabel('CVC').fill('123');
    await portal.getByRole('button', { name: 'Save card' }).click();
    await expectVisible(portal.getByText('visa ending 4242, expires 12/2099'));
  });
});
