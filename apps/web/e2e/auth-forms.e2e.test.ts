import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectPath, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { mailsTo } from './harness/mail';
import { until } from './harness/wait';

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

describe('sign-up and sign-in forms', () => {
  it('shows each field problem; a taken address is answered like a new one and its owner gets a note', async () => {
    const taken = uniqueEmail('taken');
    await signUpViaApi(context.request, {
      email: taken,
      password: 'first-owner-2026',
      fullName: 'First Owner',
    });
    await context.clearCookies();

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByText('Full name is required'));
    await expectVisible(page.getByText('Please enter a valid email address'));
    await expectVisible(page.getByText('Password must be at least 12 characters'));
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    // Long enough but common, then built from the person's own name: the server says why (issue 16).
    await page.getByLabel('Full name').fill('Second Person');
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel('Password').fill('password1234');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByText('This is too close to a commonly used password.'));
    await page.getByLabel('Password').fill('secondperson');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByText('The password must not contain your name or e-mail address.'));
    await screenshot(page, 'signup-weak-password');
    expect(new URL(page.url()).pathname).toBe('/signup');

    await page.getByLabel('Email').fill(taken);
    await page.getByLabel('Password').fill('second-person-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    // No account enumeration (issue 16): the page cannot tell; the address's owner is told by mail.
    await expectVisible(page.getByRole('heading', { name: 'Check your e-mail' }));
    await screenshot(page, 'signup-check-your-email');
    await until(`a sign-up note to ${taken}`, () =>
      mailsTo(taken).some((text) => text.includes('Someone tried to create a Plumbline account')),
    );
  });

  it('sends a signed-in visitor from /login straight to the dashboard', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('back'),
      password: 'returning-2026',
      fullName: 'Rita Return',
    });
    await page.goto('/login');
    await expectPath(page, '/dashboard');
    await expectVisible(page.getByRole('button', { name: 'Rita Return, account menu' }));
  });
});
