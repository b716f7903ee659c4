import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { addMemberViaApi, createProjectViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import {
  browserPagePerTest,
  expectPath,
  expectVisible,
  openPage,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { verificationLinkFor } from './harness/mail';

const baseUrl = e2eBaseUrl();
let browser: Browser;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ browser, page } = session);
});

describe('an invitation by e-mail (issue 16)', () => {
  it('lets the invitee sign up, verify the address from the mail, accept and see the project', async () => {
    const invitee = uniqueEmail('invitee');
    const password = 'invited-to-harbour-2026';

    // An Admin, in a browser of their own, invites an address that has no account yet.
    const admin = await openPage(browser, baseUrl);
    try {
      await signUpViaApi(admin.context.request, {
        email: uniqueEmail('inviter'),
        password: 'inviting-admin-2026',
        fullName: 'Ines Inviter',
      });
      const project = await createProjectViaApi(admin.context.request, { name: 'Invite Harbour' });
      await addMemberViaApi(admin.context.request, project.id, { email: invitee, role: 'Editor' });
    } finally {
      await admin.context.close();
    }

    // The invitee signs up with that address; the page does not sign in, it asks to check the mailbox.
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Ivo Invitee');
    await page.getByLabel('Email').fill(invitee);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Check your e-mail' }));

    // Signed in before verifying: only the request to verify.
    await page.goto('/login');
    await page.getByLabel('Email').fill(invitee);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Verify your e-mail address' }));
    await screenshot(page, 'verify-email-notice');

    // The link from the mail verifies the address.
    const link = await verificationLinkFor(invitee);
    if (!link) throw new Error('no verification mail');
    await page.goto(link);
    await expectVisible(page.getByRole('heading', { name: 'E-mail address verified' }));
    await screenshot(page, 'verify-email-done');
    await page.getByRole('link', { name: 'Continue to Plumbline' }).click();
    await expectPath(page, '/dashboard');

    // The invitation waits above the dashboard until accepted; then the project is the invitee's.
    const invitation = page.getByRole('region', { name: 'Project invitations' });
    await expectVisible(invitation.getByText('Ines Inviter'));
    await expectVisible(invitation.getByText('Invite Harbour'));
    await screenshot(page, 'invitation-pending');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expectVisible(page.getByText('You joined Invite Harbour as Editor.'));
    await page.getByRole('tab', { name: 'Projects' }).click();
    await expectVisible(
      page.getByRole('table').first().getByRole('button', { name: 'Invite Harbour', exact: true }),
    );

    // The second reading of the same link is refused.
    await page.goto(link);
    await expectVisible(page.getByRole('heading', { name: 'Verification link not valid' }));
  });
});
