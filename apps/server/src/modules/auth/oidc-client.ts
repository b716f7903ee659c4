import * as oidc from 'openid-client';
import type { SsoConfig } from '../../platform/config';

/** The flow's secrets, kept by the browser in a signed cookie between the two redirects. */
export interface SsoFlow {
  state: string;
  nonce: string;
  verifier: string;
}

/** What an account is matched by: the provider's subject, and the e-mail it vouches for. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** A failure of the flow itself (state, code, token, signature): the sign-in page says "try again". */
export class OidcFlowError extends Error {
  override name = 'OidcFlowError';
}

/** Plain http only for a provider on this machine (a local test provider); anywhere else https. */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * An OpenID Connect relying party on `openid-client` (decision 0267): authorization code with PKCE
 * (S256), state and nonce; the ID token's signature, issuer, audience, expiry and nonce checked by
 * the library against the provider's published keys. Discovery runs on the first sign-in and is
 * kept; a failed one is tried again next time.
 */
export function createOidcClient(sso: SsoConfig) {
  let discovered: Promise<oidc.Configuration> | null = null;
  const issuerUrl = new URL(sso.issuer);

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(issuerUrl, sso.clientId, undefined, oidc.ClientSecretBasic(sso.clientSecret), {
        execute: isLoopback(issuerUrl) ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = null;
        throw new OidcFlowError(
          `discovery failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    return discovered;
  }

  return {
    /** Where to send the browser, and the secrets to keep until it comes back. */
    async start(): Promise<{ url: string; flow: SsoFlow }> {
      const config = await configuration();
      const flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: sso.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow };
    },

    /**
     * Redeems the code of the provider's redirect (`callbackUrl`: the redirect URI with the query the
     * browser brought) and reads who signed in: from the ID token, and from the UserInfo endpoint when
     * the token leaves the e-mail out (providers that keep ID tokens small).
     */
    async finish(callbackUrl: URL, flow: SsoFlow): Promise<SsoIdentity> {
      const config = await configuration();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new OidcFlowError('no ID token');
        let profile: Record<string, unknown> = claims;
        if (typeof claims.email !== 'string' || claims.email_verified === undefined) {
          profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
        }
        const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : null;
        return {
          issuer: config.serverMetadata().issuer,
          subject: claims.sub,
          email,
          // Some providers send the claim as a string.
          emailVerified: profile.email_verified === true || profile.email_verified === 'true',
          name:
            typeof profile.name === 'string' && profile.name.trim()
              ? profile.name.trim().slice(0, 255)
              : null,
        };
      } catch (error) {
        if (error instanceof OidcFlowError) throw error;
        throw new OidcFlowError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
