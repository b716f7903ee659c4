import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectHidden,
  expectPath,
  expectVisible,
  launchBrowser,
  openPage,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import {
  SSO_BUTTON,
  type SsoPair,
  signInAtProvider,
  signInThroughProvider,
  ssoPairForBlock,
} from './harness/sso';

// Issue 32 item 4 in Chromium: sign-in through an OpenID provider on loopback (oidc-provider, whose
// sign-in page is a form asking for an e-mail address), twice, landing in the same account; and an
// installation with password sign-in turned off, whose sign-in page offers the SSO button only.

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The describe block's provider and server, and a fresh page of that server for each test. */
function pairWithPagePerTest(extra: Record<string, string> = {}): () => SsoPair {
  let pair: SsoPair | undefined;
  const current = () => {
    if (!pair) throw new Error('the provider and server did not start');
    return pair;
  };
  ssoPairForBlock(extra, (started) => {
    pair = started;
  });
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, current().server.baseUrl));
  });
  afterEach(async () => {
    await context?.close();
  });
  return current;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('single sign-on through an OpenID provider (issue 32)', () => {
  const pair = pairWithPagePerTest();

  it('creates the account at the first sign-in and signs the same account in the second time', async () => {
    const email = uniqueEmail('sso');
    pair().provider.account(email, { name: 'Ines Identity' });
    await page.goto('/login');
    await expectVisible(page.getByRole('link', { name: SSO_BUTTON }));
    // Both ways in: the password form stays below the button.
    await expectVisible(page.getByLabel('Password'));
    await screenshot(page, 'sso-login-both');
    const first = await signInThroughProvider(page, email);
    expect(first).toMatchObject({ email, fullName: 'Ines Identity', emailVerified: true });
    await expectVisible(page.getByRole('button', { name: /Ines Identity, account menu/ }));

    // A new browser context: nothing remembered but the provider's own account.
    await context.close();
    ({ context, page } = await openPage(browser, pair().server.baseUrl));
    const second = await signInThroughProvider(page, email);
    expect(second.id).toBe(first.id);
  });

  it('comes back to the sign-in page with the reason when the provider has not verified the address', async () => {
    const email = uniqueEmail('unverified');
    pair().provider.account(email, { verified: false });
    await signInAtProvider(page, email);
    await expectPath(page, '/login');
    await expectVisible(page.getByText('Your identity provider has not verified your e-mail address'));
  });
});

describe('password sign-in turned off', () => {
  pairWithPagePerTest({ PASSWORD_SIGN_IN: 'off' });

  it('shows only the SSO button, and signs in through it', async () => {
    await page.goto('/login');
    await expectVisible(page.getByRole('link', { name: SSO_BUTTON }));
    await expectHidden(page.getByLabel('Password'));
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await screenshot(page, 'sso-login-only');
    await page.goto('/signup');
    await expectVisible(page.getByText('Accounts are created the first time you sign in'));
    expect(await page.getByLabel('Password').count()).toBe(0);
    const user = await signInThroughProvider(page, uniqueEmail('only-sso'));
    expect(user.emailVerified).toBe(true);
  });
});
