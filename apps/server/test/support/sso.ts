import { afterAll, beforeAll, expect } from 'vitest';
import type { TestBackend } from './backends';
import { type OidcStandin, signInAtProvider, startOidcStandin } from './oidc-standin';
import { startTestServer, type TestServer } from './server';

// PUBLIC_URL is unset on the test server, so the callback is this server on localhost:3000.
export const REDIRECT_URI = 'http://localhost:3000/api/v1/auth/sso/callback';

export interface SsoPair {
  provider: OidcStandin;
  server: TestServer;
}

/**
 * An OpenID provider on loopback and a test server that signs in through it (plus `env`), for the
 * enclosing describe block; both stop after it.
 */
export function ssoServerForBlock(
  backend: TestBackend,
  env: Record<string, string>,
  use: (pair: SsoPair) => void,
): void {
  let provider: OidcStandin | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    provider = await startOidcStandin({ redirectUri: REDIRECT_URI });
    server = await startTestServer(backend, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      ...env,
    });
    use({ provider, server });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });
}

export function cookieOf(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = all.find((cookie: string) => cookie.startsWith(`${name}=`));
  return found?.slice(name.length + 1).split(';')[0];
}

/** Single sign-on as a browser does it: start, the provider's page, back to the callback. */
export async function ssoSignIn(server: TestServer, email: string, returnTo = '/dashboard?tab=team') {
  const start = await server.app.inject({
    url: `/api/v1/auth/sso/login?return_to=${encodeURIComponent(returnTo)}`,
  });
  expect(start.statusCode, start.body).toBe(302);
  const flow = cookieOf(start, 'plumbline_sso');
  expect(flow).toBeTruthy();
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await signInAtProvider(authorize.href, email);
  expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
  const done = await server.app.inject({
    url: `${back.pathname}${back.search}`,
    cookies: { plumbline_sso: flow as string },
  });
  return {
    done,
    session: cookieOf(done, 'plumbline_session') ?? null,
    location: String(done.headers.location),
  };
}
