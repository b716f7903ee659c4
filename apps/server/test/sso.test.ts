import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db';
import { testBackend } from './support/backends';
import { type OidcStandin, signInAtProvider } from './support/oidc-standin';
import {
  call,
  eventually,
  type Session,
  signIn,
  signUp,
  TEST_PASSWORD,
  type TestServer,
  uniqueEmail,
} from './support/server';
import { cookieOf, ssoServerForBlock, ssoSignIn } from './support/sso';

/**
 * Issue 32 item 4: OpenID Connect sign-in against a real OpenID provider on loopback (oidc-provider:
 * discovery, PKCE-enforcing authorization, token, UserInfo and JWKS with RSA-signed ID tokens).
 * Accounts are created or linked by the e-mail address the provider says it verified; an
 * installation can turn password sign-in off.
 */

const backend = testBackend();

async function me(server: TestServer, token: string) {
  const res = await call(server, { token, userId: '', email: '' }, 'GET', '/api/v1/auth/me');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user as { id: string; email: string; fullName: string; emailVerified: boolean };
}

describe('single sign-on (OpenID Connect)', () => {
  let provider: OidcStandin;
  let server: TestServer;
  let operator: Session;

  ssoServerForBlock(
    backend,
    { OIDC_ALLOWED_DOMAINS: 'example.com, example.org', OIDC_BUTTON_LABEL: 'Sign in with Contoso' },
    (pair) => {
      ({ provider, server } = pair);
    },
  );
  beforeAll(async () => {
    operator = await signUp(server, 'Operator');
  });

  it('says which sign-in methods the installation offers', async () => {
    const res = await server.app.inject({ url: '/api/v1/auth/methods' });
    expect(res.json()).toEqual({
      password: true,
      sso: { label: 'Sign in with Contoso', login_url: '/api/v1/auth/sso/login' },
    });
  });

  it('creates a verified account at the first sign-in and signs the same account in the second time', async () => {
    const email = uniqueEmail('Dana Sso');
    provider.account(email, { name: 'Dana Okafor' });
    const first = await ssoSignIn(server, email);
    expect(first.location).toBe('/dashboard?tab=team');
    expect(first.session).toBeTruthy();
    const user = await me(server, first.session as string);
    expect(user).toMatchObject({ email, fullName: 'Dana Okafor', emailVerified: true });
    const second = await ssoSignIn(server, email);
    expect((await me(server, second.session as string)).id).toBe(user.id);
    const identities = await rowsOf<{ issuer: string; subject: string }>(
      server.database.db,
      sql`select issuer, subject from user_identities where user_id = ${user.id}`,
    );
    expect(identities).toEqual([{ issuer: provider.issuer, subject: provider.account(email).sub }]);
    // No password: the account signs in through the provider only.
    const password = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(password.statusCode).toBe(401);
  });

  it('links to an existing account by the verified address, which keeps its password', async () => {
    const existing = await signUp(server, 'Existing Person');
    const linked = await ssoSignIn(server, existing.email);
    expect((await me(server, linked.session as string)).id).toBe(existing.userId);
    expect((await signIn(server, existing.email)).userId).toBe(existing.userId);
    const entry = await eventually(async () => {
      const [row] = await rowsOf<{ details: Record<string, unknown> }>(
        server.database.db,
        sql`select details from audit_log where action = 'user.sso_linked' and actor_id = ${existing.userId}`,
      );
      return row;
    });
    expect(entry.details).toMatchObject({ method: 'sso', issuer: provider.issuer });
  });

  it('takes over an unverified account of the address: its unproven password no longer signs in', async () => {
    const email = uniqueEmail('Squatted');
    const signup = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password: TEST_PASSWORD, fullName: 'Not Them' },
      remoteAddress: '10.44.0.1',
    });
    expect(signup.statusCode).toBe(202);
    const squatter = await signIn(server, email);
    const taken = await ssoSignIn(server, email);
    const user = await me(server, taken.session as string);
    expect(user).toMatchObject({ id: squatter.userId, emailVerified: true });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: '10.44.0.2',
    });
    expect(again.statusCode).toBe(401);
    expect((await call(server, squatter, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('refuses an address the provider has not verified, or outside the allowed domains, creating nothing', async () => {
    const count = async () =>
      (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from users`))[0]?.n;
    const before = await count();
    const unverified = uniqueEmail('Unverified');
    provider.account(unverified, { verified: false });
    const refused = await ssoSignIn(server, unverified);
    expect(refused.location).toBe('/login?sso_error=sso_email_unverified');
    expect(refused.session).toBeNull();
    const outsider = await ssoSignIn(server, `someone.${Date.now()}@elsewhere.net`);
    expect(outsider.location).toBe('/login?sso_error=sso_domain_not_allowed');
    expect(await count()).toBe(before);
  });

  it('refuses a callback without its flow cookie or with a forged state, and a return_to off this site', async () => {
    const start = await server.app.inject({ url: '/api/v1/auth/sso/login' });
    const back = await signInAtProvider(String(start.headers.location), uniqueEmail('Flow'));
    const withoutCookie = await server.app.inject({ url: `${back.pathname}${back.search}` });
    expect(withoutCookie.headers.location).toBe('/login?sso_error=sso_state_missing');
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'forged-state');
    const withForgedState = await server.app.inject({
      url: `${back.pathname}?${forged}`,
      cookies: { plumbline_sso: cookieOf(start, 'plumbline_sso') as string },
    });
    expect(withForgedState.headers.location).toBe('/login?sso_error=sso_failed');
    expect(cookieOf(withForgedState, 'plumbline_session')).toBeUndefined();
    for (const away of ['//evil.example/x', 'https://evil.example/', '/\\evil.example'])
      expect(
        (await server.app.inject({ url: `/api/v1/auth/sso/login?return_to=${encodeURIComponent(away)}` }))
          .statusCode,
      ).toBe(400);
    const denied = await server.app.inject({ url: '/api/v1/auth/sso/callback?error=access_denied&state=x' });
    expect(denied.headers.location).toBe('/login?sso_error=sso_provider_denied');
  });

  it('records the sign-in settings from the environment in the audit trail, without the secret', async () => {
    const [entry] = await eventually(() =>
      rowsOf<{ details: { before: unknown; after: { sso: Record<string, unknown> } } }>(
        server.database.db,
        sql`select details from audit_log where action = 'sso.settings_changed'`,
      ).then((rows) => (rows.length > 0 ? rows : null)),
    );
    expect(entry?.details.before).toBeNull();
    expect(entry?.details.after.sso).toMatchObject({
      issuer: provider.issuer,
      clientId: provider.clientId,
      allowedDomains: ['example.com', 'example.org'],
    });
    expect(JSON.stringify(entry)).not.toContain(provider.clientSecret);
    expect(operator.userId).toBeTruthy();
  });
});

describe('password sign-in turned off', () => {
  let server: TestServer;

  ssoServerForBlock(backend, { PASSWORD_SIGN_IN: 'off' }, (pair) => {
    server = pair.server;
  });

  it('refuses sign-up and password sign-in; single sign-on makes the first account the installation admin', async () => {
    expect((await server.app.inject({ url: '/api/v1/auth/methods' })).json()).toMatchObject({
      password: false,
    });
    const email = uniqueEmail('Admin Sso');
    const signup = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password: TEST_PASSWORD, fullName: 'Nope' },
    });
    expect(signup.statusCode).toBe(403);
    expect(signup.json().error.code).toBe('password_sign_in_disabled');
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    const { session } = await ssoSignIn(server, email);
    expect((await me(server, session as string)).email).toBe(email);
    const role = (
      await call(server, { token: session as string, userId: '', email }, 'GET', '/api/v1/auth/me')
    ).json().user.role;
    expect(role).toBe('admin');
  });
});
