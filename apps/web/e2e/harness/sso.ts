import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type OidcStandin, startOidcStandin } from '../../../server/test/support/oidc-standin';
import { expectPath, expectVisible } from './browser';
import { type RunningServer, startServer } from './server';

/** The SSO button's label the servers here are configured with. */
export const SSO_BUTTON = 'Sign in with Contoso';

export interface SsoPair {
  provider: OidcStandin;
  server: RunningServer;
}

/**
 * An OpenID provider on loopback and a Plumbline that signs in through it (plus `extra` settings),
 * for the enclosing describe block; both stop after it.
 */
export function ssoPairForBlock(extra: Record<string, string>, use: (pair: SsoPair) => void): void {
  let pair: SsoPair | undefined;
  beforeAll(async () => {
    const provider = await startOidcStandin();
    const env = {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_BUTTON_LABEL: SSO_BUTTON,
      ...extra,
    };
    pair = { provider, server: await startServer({ env, publicUrlIsSelf: true }) };
    provider.setRedirectUri(`${pair.server.baseUrl}/api/v1/auth/sso/callback`);
    use(pair);
  }, 120_000);
  afterAll(async () => {
    await pair?.server.stop();
    await pair?.provider.close();
  });
}

/** The SSO button on /login, then the provider's sign-in page (a form asking for the address), sent. */
export async function signInAtProvider(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: SSO_BUTTON }).click();
  await expectVisible(page.getByRole('heading', { name: 'Sign in to the test identity provider' }));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Through the provider and back, signed in: the account the session belongs to. */
export async function signInThroughProvider(
  page: Page,
  email: string,
): Promise<{ id: string; email: string; fullName: string; emailVerified: boolean }> {
  await signInAtProvider(page, email);
  await expectPath(page, '/dashboard', 60_000);
  const me = await page.request.get('/api/v1/auth/me');
  expect(me.status()).toBe(200);
  return (await me.json()).user;
}
