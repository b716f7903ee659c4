/// <reference path="./oidc-provider.d.ts" />
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';

/**
 * A real OpenID provider on loopback for the single sign-on tests (decision 0267): `oidc-provider`, a
 * certified OpenID Provider library, with discovery, authorization (PKCE required), token, UserInfo
 * and JWKS endpoints and ID tokens signed with an RSA key made here. Only its sign-in page is ours: a
 * form asking for an e-mail address (the person types who they are; accounts registered with
 * `account()` may be unverified), which signs in and grants `openid email profile` in one step.
 */

export interface OidcAccount {
  sub: string;
  email: string;
  verified: boolean;
  name: string;
}

export interface OidcStandin {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers (or replaces) the account an e-mail address signs in as. */
  account(email: string, options?: Partial<Omit<OidcAccount, 'email'>>): OidcAccount;
  /** Sets the relying party's redirect URI (the app's address is known only once it has started). */
  setRedirectUri(uri: string): void;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

export async function startOidcStandin(options: { redirectUri?: string } = {}): Promise<OidcStandin> {
  const clientId = 'plumbline-test-client';
  const clientSecret = randomBytes(24).toString('base64url');
  const bySub = new Map<string, OidcAccount>();
  const byEmail = new Map<string, OidcAccount>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'standin-1', alg: 'RS256', use: 'sig' };
  let provider: Provider | null = null;

  function account(email: string, extra: Partial<Omit<OidcAccount, 'email'>> = {}): OidcAccount {
    const lower = email.toLowerCase();
    const previous = byEmail.get(lower);
    if (previous) bySub.delete(previous.sub);
    const made: OidcAccount = {
      sub: extra.sub ?? `sub-${createHash('sha256').update(lower).digest('hex').slice(0, 16)}`,
      email: lower,
      verified: extra.verified ?? true,
      name: extra.name ?? lower.slice(0, lower.indexOf('@')),
    };
    bySub.set(made.sub, made);
    byEmail.set(lower, made);
    return made;
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, live: Provider): Promise<void> {
    const details = await live.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        page(
          'Sign in to the test identity provider',
          `<h1>Sign in to the test identity provider</h1>
           <form method="post" action="/interaction/${escapeHtml(details.uid)}">
             <label>E-mail address <input name="email" type="email" autocomplete="off"></label>
             <button type="submit">Sign in</button>
           </form>`,
        ),
      );
      return;
    }
    const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? '';
    const who = byEmail.get(email) ?? account(email);
    const grant = new live.Grant({ accountId: who.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await live.interactionFinished(
      req,
      res,
      { login: { accountId: who.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server: Server = createServer((req, res) => {
    const live = provider;
    if (!live) {
      res.statusCode = 503;
      res.end('the test provider has no redirect URI yet');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res, live).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    live.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function setRedirectUri(uri: string): void {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [uri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx: unknown, sub: string) => {
        const found = bySub.get(sub);
        if (!found) return undefined;
        return {
          accountId: sub,
          claims: async () => ({ sub, email: found.email, email_verified: found.verified, name: found.name }),
        };
      },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      ttl: {
        Interaction: 600,
        Grant: 600,
        Session: 600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
    });
  }
  if (options.redirectUri) setRedirectUri(options.redirectUri);

  return {
    issuer,
    clientId,
    clientSecret,
    account,
    setRedirectUri,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider as a browser would, without one: follows its redirects with a cookie jar,
 * submits the sign-in form as `email`, and returns where it finally sends the browser back (the
 * relying party's callback URL with the code and state).
 */
export async function signInAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  let submitted = false;
  for (let hop = 0; hop < 10; hop += 1) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next.href;
      continue;
    }
    if (submitted || !url.includes('/interaction/')) {
      throw new Error(`the provider stopped at ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    }
    await res.text();
    const posted = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
    submitted = true;
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the sign-in form answered ${posted.status}`);
    url = new URL(after, url).href;
  }
  throw new Error('too many redirects at the provider');
}
