import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeStandin, startStripeStandin } from '../../server/test/support/stripe-standin';
import { signUpViaApi } from './harness/api';
import {
  expectHidden,
  expectVisible,
  launchBrowser,
  openPage,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { type RunningServer, startServer } from './harness/server';
import { openWizard, waitForUploads } from './harness/wizard';

// Spec 1 §4 redirect path with PAYMENTS=stripe (issue 11): its own server talks to the loopback Stripe
// stand-in. Stripe's hosted checkout page is played by a route in the browser: it completes the session
// in the stand-in (which then sends its signed webhooks to the server) and redirects to the success URL,
// as Stripe does after a payment. Nothing leaves loopback.
const SAMPLES = new URL('../../../../shared/ifc-samples/', import.meta.url).pathname;
const FILE = `${SAMPLES}SimpleWall.ifc`;
const WEBHOOK_SECRET = 'whsec_e2e_standin_0123456789';

let standin: StripeStandin;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  standin = await startStripeStandin({
    webhookSecret: WEBHOOK_SECRET,
    prices: [
      { id: 'price_blueprint_monthly', unit_amount: 7900, currency: 'aud' },
      { id: 'price_cornerstone_monthly', unit_amount: 14900, currency: 'aud' },
      { id: 'price_skyline_monthly', unit_amount: 21900, currency: 'aud' },
    ],
  });
  server = await startServer({
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standin.apiBase,
    },
    publicUrlIsSelf: true,
  });
  standin.setWebhookUrl(`${server.baseUrl}/api/v1/billing/webhooks/stripe`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standin?.close();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser, server.baseUrl));
});
afterEach(async () => {
  await context?.close();
});

describe('the wizard with PAYMENTS=stripe', () => {
  it("pays on Stripe's checkout page, comes back to Complete, and uploads the files chosen before", async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('stripe'),
      password: 'stripe-flow-2026',
      fullName: 'Sam Stripe',
    });
    const visited: string[] = [];
    await page.route('https://checkout.standin.test/**', async (route) => {
      const url = route.request().url();
      visited.push(url);
      const sessionId = url.split('/c/')[1] ?? '';
      const session = await standin.completeCheckout(sessionId);
      // Stripe fills in {CHECKOUT_SESSION_ID} when it sends the buyer back.
      const back = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
      await route.fulfill({ status: 303, headers: { location: back } });
    });
    await page.goto('/dashboard');
    const wizard = await openWizard(page);
    await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
    await wizard.getByLabel('Project name').fill('Quay Building');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Choose IFC files').setInputFiles([FILE]);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectVisible(wizard.getByText('Step 5 of 6: Payment'));
    // No card field here: Stripe's page takes the card and any promotion code.
    await expectVisible(wizard.getByText(/Stripe's secure checkout page/));
    expect(await wizard.getByLabel(/^Card number/).count()).toBe(0);
    await screenshot(page, 'stripe-payment-step');
    await wizard.getByRole('button', { name: 'Continue to Checkout' }).click();

    // Back from Stripe: the wizard reopens at Complete, the project exists, the kept file uploads.
    const back = page.getByRole('dialog', { name: 'Create New Project' });
    await expectVisible(back.getByText('Project created successfully'));
    expect(visited).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get('session_id')).toBeNull();
    await waitForUploads(page, 1);
    await screenshot(page, 'stripe-complete');
    await back.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expectHidden(back);

    // Stripe's webhooks reached the server, and the plan is the project's subscription.
    expect(standin.delivered.map((d) => d.status)).toEqual(standin.delivered.map(() => 200));
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await expectVisible(page.getByText('Quay Building').first());
    await expectVisible(page.getByText('Cornerstone').first());
  });
});
