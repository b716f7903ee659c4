import type { SessionResponse, SsoErrorCode } from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { Clock } from '../../platform/clock';
import type { SsoConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import type { AuditRecorder } from '../audit';
import { findUserByIdentity, linkIdentity, NO_PASSWORD, takeOverUnverified } from './identity-repo';
import { type OidcClient, OidcFlowError, type SsoFlow, type SsoIdentity } from './oidc-client';
import * as repo from './repo';
import type { ClientInfo } from './service';

/** Why a single sign-on ended without a session; the sign-in page shows the code's message. */
export class SsoError extends Error {
  override name = 'SsoError';
  constructor(
    readonly code: SsoErrorCode,
    readonly detail?: string,
  ) {
    super(code);
  }
}

/**
 * Single sign-on (decision 0267). The provider's subject names the account once linked; the first
 * sign-in links by the e-mail address the provider says it verified, or creates the account (the
 * installation's first is its admin, as with sign-up). An unverified account of that address never
 * proved it, so the provider's person takes it over (its password and sessions go).
 */
export function createSsoService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  sso: SsoConfig;
  client: OidcClient;
  openSession(user: repo.UserRow, client: ClientInfo, tx: Database): Promise<SessionResponse>;
}) {
  const { db, clock, audit, sso, client } = deps;

  function admissible(identity: SsoIdentity): string {
    if (!identity.email) throw new SsoError('sso_email_missing');
    if (!identity.emailVerified) throw new SsoError('sso_email_unverified');
    const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1);
    if (sso.allowedDomains.length > 0 && !sso.allowedDomains.includes(domain))
      throw new SsoError('sso_domain_not_allowed');
    return identity.email;
  }

  async function signIn(
    identity: SsoIdentity,
    email: string,
    info: ClientInfo,
    language: Locale,
  ): Promise<SessionResponse> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      let user = await findUserByIdentity(tx, identity.issuer, identity.subject);
      let change: { action: string; before: unknown } | null = null;
      if (!user) {
        const existing = await repo.findUserByEmail(tx, email);
        if (existing?.isSystem) throw new SsoError('sso_failed', 'system account');
        if (existing) {
          change = { action: 'user.sso_linked', before: { verified: existing.emailVerifiedAt !== null } };
          user = existing.emailVerifiedAt ? existing : await takeOverUnverified(tx, existing.id, now);
        } else {
          const first = (await repo.countUsers(tx)) === 0;
          user = await repo.insertUser(tx, {
            email,
            fullName: identity.name ?? email.slice(0, email.indexOf('@')),
            passwordHash: NO_PASSWORD,
            role: first ? 'admin' : 'user',
            at: now,
            emailVerifiedAt: now,
            language,
          });
          change = { action: 'user.signed_up', before: null };
        }
      }
      await linkIdentity(tx, {
        userId: user.id,
        issuer: identity.issuer,
        subject: identity.subject,
        email,
        at: now,
      });
      if (change) {
        await audit.record(
          {
            actorId: user.id,
            projectId: null,
            action: change.action,
            targetType: 'user',
            targetId: user.id,
            details: {
              method: 'sso',
              issuer: identity.issuer,
              ip: info.ip,
              before: change.before,
              after: { linked: identity.issuer, verified: true },
            },
          },
          tx,
        );
      }
      return deps.openSession(user, info, tx);
    });
  }

  return {
    buttonLabel: sso.buttonLabel,

    /** The provider's sign-in address and the flow's secrets (for the signed cookie). */
    start(): Promise<{ url: string; flow: SsoFlow }> {
      return client.start().catch((error: unknown) => {
        throw new SsoError('sso_failed', error instanceof Error ? error.message : String(error));
      });
    },

    /**
     * The provider sent the browser back: redeem the code, match the account, open a session. `language`:
     * the request's, a new account's language (as with sign-up).
     */
    async finish(
      callbackUrl: URL,
      flow: SsoFlow | null,
      info: ClientInfo,
      language: Locale,
    ): Promise<SessionResponse> {
      if (callbackUrl.searchParams.has('error')) throw new SsoError('sso_provider_denied');
      if (!flow) throw new SsoError('sso_state_missing');
      let identity: SsoIdentity;
      try {
        identity = await client.finish(callbackUrl, flow);
      } catch (error) {
        if (error instanceof OidcFlowError) throw new SsoError('sso_failed', error.message);
        throw error;
      }
      const email = admissible(identity);
      try {
        return await signIn(identity, email, info, language);
      } catch (error) {
        // Two first sign-ins of one person at once: the unique indexes let one in; the other, once more.
        if (!isUniqueViolation(error)) throw error;
        return signIn(identity, email, info, language);
      }
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
