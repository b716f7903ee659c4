import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { DECLINED_CARD, openWizard, payWithCard, TEST_CARD, waitForUploads } from './harness/wizard';

const SAMPLES = new URL('../../../../shared/ifc-samples/', import.meta.url).pathname;
const FILES = [`${SAMPLES}SimpleWall.ifc`, `${SAMPLES}wall_door_columnt_rgb4x3.ifc`];

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

async function projectNames(): Promise<string[]> {
  const res = await context.request.get('/api/v1/projects');
  return ((await res.json()).projects as Array<{ name: string }>).map((p) => p.name);
}

async function toPayment(name: string) {
  const wizard = await openWizard(page);
  await expectVisible(wizard.getByText('Step 1 of 6: Connect'));
  await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
  await expectVisible(wizard.getByText('Step 3 of 6: Details'));
  await wizard.getByLabel('Project name').fill(name);
  await expectVisible(wizard.getByRole('radio', { name: /Cornerstone/, checked: true }));
  await screenshot(page, 'wizard-details');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Choose IFC files').setInputFiles(FILES);
  await expectVisible(wizard.getByText('2 of 20 files selected'));
  await screenshot(page, 'wizard-files');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expectVisible(wizard.getByText('Step 5 of 6: Payment'));
  return wizard;
}

describe('the create-project wizard (issue 11 acceptance 1)', () => {
  it('creates a paid project: two files, a voucher, card 4242…, Complete, processed in the dashboard', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('wizard'),
      password: 'wizard-flow-2026',
      fullName: 'Wanda Wizard',
    });
    await page.goto('/dashboard');
    const wizard = await toPayment('Harbour Tower');

    // Prefilled buyer; read-only billing email; the order summary in AUD with its tax note.
    expect(await wizard.getByLabel('Full name').inputValue()).toBe('Wanda Wizard');
    expect(await wizard.getByLabel('Billing email').getAttribute('readonly')).not.toBeNull();
    await expectVisible(wizard.getByText('A$149.00 / month'));
    await expectVisible(wizard.getByText('inc. GST'));
    await expectVisible(wizard.getByText('Test mode'));

    // Vouchers: an unknown code is refused with the server's message, then a valid one applies (typed lower-case).
    await wizard.getByLabel('Voucher code').fill('nope');
    expect(await wizard.getByLabel('Voucher code').inputValue()).toBe('NOPE');
    await wizard.getByRole('button', { name: 'Apply' }).click();
    await expectVisible(page.getByText('Invalid voucher', { exact: true }));
    await expectVisible(page.getByText('Invalid voucher code'));
    await wizard.getByLabel('Voucher code').fill('welcome20');
    await wizard.getByLabel('Voucher code').press('Enter');
    await expectVisible(page.getByText('Voucher applied!'));
    // 149 less 20 % = 119.20, computed here.
    await expectVisible(wizard.getByText('A$119.20'));
    await screenshot(page, 'wizard-payment');

    await payWithCard(page, TEST_CARD);
    await expectVisible(wizard.getByText('Project created successfully'));
    await expectVisible(wizard.getByText('Step 6 of 6: Complete'));
    await waitForUploads(page, 2);
    await screenshot(page, 'wizard-complete');
    await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expectHidden(wizard);
    // The wizard's query is gone; the new project's Overview is open (issue 17).
    expect(new URL(page.url()).searchParams.get('createProject')).toBeNull();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('overview');

    // The project and its Cornerstone subscription exist; both files process to completion.
    const projects = (await (await context.request.get('/api/v1/projects')).json()).projects as Array<{
      id: string;
      name: string;
    }>;
    const project = projects.find((p) => p.name === 'Harbour Tower');
    expect(project).toBeDefined();
    const subs = (await (await context.request.get('/api/v1/billing/subscriptions')).json()).subscriptions;
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      tier_id: 'cornerstone',
      voucher_code: 'WELCOME20',
      project: { name: 'Harbour Tower' },
    });
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.getByRole('table').first().getByRole('button', { name: 'Harbour Tower', exact: true }).click();
    const region = page.getByRole('region', { name: 'Files of Harbour Tower' });
    for (const name of ['SimpleWall', 'wall_door_columnt_rgb4x3']) {
      await expectVisible(
        region.getByRole('row', { name: new RegExp(name) }).getByText('Completed', { exact: true }),
        120_000,
      );
    }
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    const card = page
      .getByRole('article')
      .or(page.getByTestId('subscription-card'))
      .filter({ hasText: 'Harbour Tower' });
    await expectVisible(card.getByText('Cornerstone', { exact: false }).first());
    await expectVisible(card.getByText(/^Renews on /));
    await screenshot(page, 'wizard-subscription-card');
  });

  it('a declined card shows "Payment failed" and creates nothing', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('declined'),
      password: 'declined-card-2026',
      fullName: 'Dee Clined',
    });
    await page.goto('/dashboard');
    const wizard = await toPayment('Never Paid');
    // Missing card details are refused in the browser first.
    await wizard.getByRole('button', { name: 'Complete Payment' }).click();
    await expectVisible(wizard.getByText('Your card number is invalid.'));
    await payWithCard(page, DECLINED_CARD);
    await expectVisible(page.getByText('Payment failed'));
    await expectVisible(page.getByText('Your card was declined.'));
    await screenshot(page, 'wizard-declined');
    expect(await projectNames()).toEqual([]);
    // The wizard stays on the payment step for another try.
    await expectVisible(wizard.getByRole('button', { name: 'Complete Payment' }));
  });

  it('opens at a step from the URL, cannot be closed by Escape or an outside click, and cleans the query', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('deeplink'),
      password: 'deep-link-2026',
      fullName: 'Lin Deep',
    });
    await page.goto('/dashboard?createProject=true&step=project_details&plan=skyline&session_id=abc');
    const wizard = page.getByRole('dialog', { name: 'Create New Project' });
    await expectVisible(wizard.getByText('Step 3 of 6: Details'));
    await expectVisible(wizard.getByRole('radio', { name: /Skyline/, checked: true }));
    await page.waitForFunction(() => !window.location.search.includes('createProject'));
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expectVisible(wizard);
    // Next stays disabled without a name; Back returns to Connect, where Back and Next are hidden.
    expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expectVisible(wizard.getByText('Step 1 of 6: Connect'));
    expect(await wizard.getByRole('button', { name: 'Back' }).count()).toBe(0);
  });
  // A plan's file limit (11 files on Blueprint: the toast, 10 of 10 selected) is a component test:
  // src/features/wizard/create-project-wizard.test.tsx.
});
