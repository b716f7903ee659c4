import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, uploadViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';

// Issue 35 (limits, refresh): Manage Files follows the project's plan as uploads do; the member cap
// refuses an invitation when it is sent (pending invitations hold seats) and warns from 80 %; a refresh
// the plan refuses says why. Expected figures are the spec's plans (spec 3 §9).
const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** The smallest file the upload accepts: a STEP header (its processing fails, which is fine here). */
const tinyIfc = (n: number) =>
  Buffer.from(
    `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('m${n}.ifc','2026-01-01T00:00:00',(''),(''),'','','');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n`,
  );

/** A paid project on a plan, arranged through the API (the wizard has its own test). */
async function paidProject(
  tierId: string,
  name: string,
): Promise<{ project_id: string; subscription: { id: string } }> {
  await signUpViaApi(context.request, {
    email: uniqueEmail('limits'),
    password: 'plan-limits-2026',
    fullName: 'Petra Planner',
  });
  const res = await context.request.post('/api/v1/billing/subscription-payments', {
    data: {
      customerName: 'Petra Planner',
      billingEmail: 'petra@example.com',
      saveCard: true,
      tierId,
      currency: 'AUD',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      projectName: name,
      idempotencyKey: `e2e-${name}-${Date.now()}`,
    },
  });
  if (!res.ok()) throw new Error(`payment failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

describe('plan limits where files are chosen and people invited (issue 35)', () => {
  it('saves a selection of 12 files on Cornerstone, and says why a cancelling plan cannot refresh', async () => {
    const { project_id, subscription } = await paidProject('cornerstone', 'Twelve Files');
    for (let n = 1; n <= 12; n++) {
      await uploadViaApi(context.request, `/api/v1/projects/${project_id}/bimfiles`, {
        name: `m${n}.ifc`,
        buffer: tinyIfc(n),
      });
    }
    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Manage files of Twelve Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Files' });
    await expectVisible(dialog.getByText('12 of 20 files selected'));
    const save = dialog.getByRole('button', { name: 'Update Project Files (12)' });
    await expectVisible(save);
    expect(await save.isDisabled()).toBe(false);
    await screenshot(page, 'plan-limits-manage-files-cornerstone');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/projects/${project_id}/file-selection`) && r.request().method() === 'PUT',
    );
    await save.click();
    expect((await saved).status()).toBe(200);
    await expectHidden(dialog);

    // The plan is cancelling: the refresh is refused for that reason, not for a cooldown.
    const cancel = await context.request.post(`/api/v1/billing/subscriptions/${subscription.id}/cancel`, {
      data: { cancelImmediately: false },
    });
    expect(cancel.status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Refresh Twelve Files' }).click();
    await expectVisible(page.getByText('Refresh Not Available'));
    await expectVisible(
      page.getByText('This project cannot be refreshed: the subscription is cancelling (Cornerstone).'),
    );
    expect(await page.getByText(/can be refreshed in \d+ hour/).count()).toBe(0);
    await screenshot(page, 'plan-limits-refresh-reason');
  });

  it('warns at the fourth of five seats and refuses the invitation past the Blueprint cap when sent', async () => {
    const { project_id } = await paidProject('blueprint', 'Five Seats');
    await page.goto(`/dashboard?tab=team&project=${project_id}`);
    const counter = page.getByRole('status', { name: 'Member limit' });
    await expectVisible(counter.getByText('1 of 5 members', { exact: true }));
    const invite = async (email: string) => {
      await page.getByRole('button', { name: 'Add Member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
      await dialog.getByLabel('Email address').fill(email);
      await dialog.getByRole('button', { name: 'Add Member' }).click();
      return dialog;
    };
    // Addresses without an account: each is a pending invitation holding a seat.
    for (const [n, seats] of [
      [2, '2 of 5 members'],
      [3, '3 of 5 members'],
    ] as const) {
      const address = uniqueEmail(`seat-${n}`);
      const dialog = await invite(address);
      await expectVisible(page.getByText(`We sent ${address} an e-mail about joining the project.`));
      await expectHidden(dialog);
      await expectVisible(counter.getByText(seats, { exact: true }));
    }
    expect(await counter.getByText(/Nearly at the/).count()).toBe(0);

    const fourth = uniqueEmail('seat-4');
    await expectHidden(await invite(fourth));
    await expectVisible(counter.getByText('4 of 5 members', { exact: true }));
    await expectVisible(counter.getByText('Nearly at the Blueprint limit: 1 member left.'));
    await expectVisible(counter.getByText('including 3 pending invitations', { exact: true }));
    await screenshot(page, 'plan-limits-seat-warning');

    const fifth = uniqueEmail('seat-5');
    await expectHidden(await invite(fifth));
    await expectVisible(counter.getByText('5 of 5 members', { exact: true }));

    // The sixth seat: refused when sent, in the server's words, and nothing pending is added.
    const sixth = uniqueEmail('seat-6');
    const dialog = await invite(sixth);
    await expectVisible(
      dialog.getByText('User limit reached: Your Blueprint plan allows a maximum of 5 team members.'),
    );
    await screenshot(page, 'plan-limits-seat-refused');
    const listed = await (await context.request.get(`/api/v1/projects/${project_id}/members`)).json();
    expect(listed.invitations.map((i: { email: string }) => i.email)).not.toContain(sixth);
    expect(listed.data.length + listed.invitations.length).toBe(5);
  });
});
