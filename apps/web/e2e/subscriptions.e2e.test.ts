import type { BrowserContext, Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** A paid Blueprint project, arranged through the API (the wizard has its own test). */
async function paidProject(name: string) {
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
    await expectVisible(dialog.getByText(/Estimated prorated charge today/));
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
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

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
