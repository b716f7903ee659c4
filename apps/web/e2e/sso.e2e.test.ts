import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OidcStandin, startOidcStandin } from '../../server/test/support/oidc-standin';
import {
  expectHidden,
  expectPath,
  expectVisible,
  launchBrowser,
  openPage,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { type RunningServer, startServer } from './harness/server';

// Issue 32 item 4 in Chromium: sign-in through an OpenID provider on loopback (oidc-provider, whose
// sign-in page is a form asking for an e-mail address), twice, landing in the same account; and an
// installation with password sign-in turned off, whose sign-in page offers the SSO button only.

let browser: Browser;
let context: BrowserContext;
let page: Page;

function oidcEnv(provider: OidcStandin, extra: Record<string, string> = {}) {
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_BUTTON_LABEL: 'Sign in with Contoso',
    ...extra,
  };
}

/** Starts an OpenID provider and a Plumbline that signs in through it. */
async function startPair(extra: Record<string, string> = {}) {
  const provider = await startOidcStandin();
  const server = await startServer({ env: oidcEnv(provider, extra), publicUrlIsSelf: true });
  provider.setRedirectUri(`${server.baseUrl}/api/v1/auth/sso/callback`);
  return { provider, server };
}

/** The SSO button on /login → the provider's page → back, signed in. */
async function signInThroughProvider(
  email: string,
): Promise<{ id: string; email: string; fullName: string; emailVerified: boolean }> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Sign in to the test identity provider' }));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectPath(page, '/dashboard', 60_000);
  const me = await page.request.get('/api/v1/auth/me');
  expect(me.status()).toBe(200);
  return (await me.json()).user;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('single sign-on through an OpenID provider (issue 32)', () => {
  let pair: { provider: OidcStandin; server: RunningServer };

  beforeAll(async () => {
    pair = await startPair();
  }, 120_000);
  afterAll(async () => {
    await pair?.server.stop();
    await pair?.provider.close();
  });
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, pair.server.baseUrl));
  });
  afterEach(async () => {
    await context?.close();
  });

  it('creates the account at the first sign-in and signs the same account in the second time', async () => {
    const email = uniqueEmail('sso');
    pair.provider.account(email, { name: 'Ines Identity' });
    await page.goto('/login');
    await expectVisible(page.getByRole('link', { name: 'Sign in with Contoso' }));
    // Both ways in: the password form stays below the button.
    await expectVisible(page.getByLabel('Password'));
    await screenshot(page, 'sso-login-both');
    const first = await signInThroughProvider(email);
    expect(first).toMatchObject({ email, fullName: 'Ines Identity', emailVerified: true });
    await expectVisible(page.getByRole('button', { name: /Ines Identity, account menu/ }));

    // A new browser context: nothing remembered but the provider's own account.
    await context.close();
    ({ context, page } = await openPage(browser, pair.server.baseUrl));
    const second = await signInThroughProvider(email);
    expect(second.id).toBe(first.id);
  });

  it('comes back to the sign-in page with the reason when the provider has not verified the address', async () => {
    const email = uniqueEmail('unverified');
    pair.provider.account(email, { verified: false });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Contoso' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/login');
    await expectVisible(page.getByText('Your identity provider has not verified your e-mail address'));
  });
});

describe('password sign-in turned off', () => {
  let pair: { provider: OidcStandin; server: RunningServer };

  beforeAll(async () => {
    pair = await startPair({ PASSWORD_SIGN_IN: 'off' });
  }, 120_000);
  afterAll(async () => {
    await pair?.server.stop();
    await pair?.provider.close();
  });
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, pair.server.baseUrl));
  });
  afterEach(async () => {
    await context?.close();
  });

  it('shows only the SSO button, and signs in through it', async () => {
    await page.goto('/login');
    await expectVisible(page.getByRole('link', { name: 'Sign in with Contoso' }));
    await expectHidden(page.getByLabel('Password'));
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await screenshot(page, 'sso-login-only');
    await page.goto('/signup');
    await expectVisible(page.getByText('Accounts are created the first time you sign in'));
    expect(await page.getByLabel('Password').count()).toBe(0);
    const user = await signInThroughProvider(uniqueEmail('only-sso'));
    expect(user.emailVerified).toBe(true);
  });
});
