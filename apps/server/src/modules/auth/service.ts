import {
  RESEND_MESSAGE,
  type SessionResponse,
  SIGN_UP_MESSAGE,
  type SignInBody,
  type SignUpBody,
  type User,
  type VerifyEmailResponse,
} from '@plumbline/contracts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@plumbline/i18n';
import type { AuthContext } from '../../platform/auth/context';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import { generateSessionToken, hashSessionToken, isWellFormedToken } from '../../platform/auth/tokens';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import type { JobSender } from '../../platform/queue';
import type { AuditRecorder } from '../audit';
import { mailLocale, queueMail, signUpAttemptMail } from '../notifications';
import { AuthError } from './errors';
import { passwordWeakness } from './password-strength';
import * as repo from './repo';
import type { SignInThrottle } from './throttle';
import { sendVerificationLink, VERIFICATION_LIFETIME_MS } from './verification';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so reads do not write on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;
/** A new verification link is sent at most this often per account. */
const RESEND_AFTER_MS = 60 * 1000;

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export function toUserDto(row: repo.UserRow): User {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    avatarUrl: row.avatarUrl,
    emailVerified: row.emailVerifiedAt !== null,
    language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
  };
}

export function createAuthService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  /** Queues the verification and sign-up-attempt mails. */
  jobs: JobSender;
  /** Where links in mails point: PUBLIC_URL, else this server on localhost (never a request's Host). */
  appUrl: string;
  /** Growing delays after failed sign-ins (null: none, for tests of other things). */
  throttle?: SignInThrottle | null;
  /** False (PASSWORD_SIGN_IN=off): sign-up, password sign-in and e-mail verification refuse. */
  passwordSignIn?: boolean;
}) {
  const { db, clock, audit, jobs, appUrl } = deps;
  const passwordSignIn = deps.passwordSignIn ?? true;
  const requirePasswordSignIn = () => {
    if (!passwordSignIn) throw new AuthError('password_sign_in_disabled');
  };

  async function openSession(user: repo.UserRow, client: ClientInfo, tx: Database): Promise<SessionResponse> {
    const token = generateSessionToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    const session = await repo.insertSession(tx, {
      userId: user.id,
      tokenHash: hashSessionToken(token),
      expiresAt,
      at: now,
      ...client,
    });
    await audit.record(
      {
        actorId: user.id,
        projectId: null,
        action: 'session.created',
        targetType: 'session',
        targetId: session.id,
        details: { ip: client.ip },
      },
      tx,
    );
    return { token, expiresAt: expiresAt.toISOString(), user: toUserDto(user) };
  }

  return {
    /** Opens a session for an account another way has proved (single sign-on, sso.ts). */
    openSession,

    /** Whether passwords sign in here (PASSWORD_SIGN_IN). */
    passwordSignIn,

    /**
     * Creates an unverified account and mails it a verification link; does not sign in. A taken address
     * answers the same and mails its owner a note instead (no account enumeration). An unverified
     * account whose links have all expired never proved its address, so a new sign-up takes it over.
     * The installation's first account is its operator (admin) and counts as verified: it runs the
     * server, reads the outbox (Settings) and no project exists yet whose invitations it could take.
     */
    /** `language`: the request's (the page the person signed up on), the new account's language. */
    async signUp(
      input: SignUpBody,
      client: ClientInfo,
      language: Locale,
    ): Promise<{ message: typeof SIGN_UP_MESSAGE }> {
      requirePasswordSignIn();
      const weakness = passwordWeakness(input.password, input);
      if (weakness)
        throw new AuthError('weak_password', {
          messageId: weakness,
          fields: { password: { id: weakness } },
        });
      // Hashed for a taken address too, so both answers take as long.
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const now = clock.now();
          const existing = await repo.findUserByEmail(tx, input.email);
          const stale =
            existing !== null &&
            existing.emailVerifiedAt === null &&
            !existing.isSystem &&
            now.getTime() - existing.createdAt.getTime() > VERIFICATION_LIFETIME_MS;
          if (existing && !stale) {
            if (!existing.isSystem) {
              const note = signUpAttemptMail(await mailLocale(tx, { userId: existing.id }), { appUrl });
              await queueMail(tx, jobs, { userId: existing.id, to: existing.email, ...note }, now);
            }
            await audit.record(
              {
                actorId: null,
                projectId: null,
                action: 'user.sign_up_repeated',
                targetType: 'user',
                targetId: existing.id,
                details: { ip: client.ip },
              },
              tx,
            );
            return;
          }
          const first = !existing && (await repo.countUsers(tx)) === 0;
          const user = existing
            ? await repo.reclaimUnverifiedUser(tx, existing.id, {
                fullName: input.fullName,
                passwordHash,
                at: now,
                language,
              })
            : await repo.insertUser(tx, {
                email: input.email,
                fullName: input.fullName,
                passwordHash,
                role: first ? 'admin' : 'user',
                at: now,
                emailVerifiedAt: first ? now : null,
                language,
              });
          if (!first) await sendVerificationLink(tx, jobs, user, appUrl, now);
          await audit.record(
            {
              actorId: user.id,
              projectId: null,
              action: existing ? 'user.signed_up_again' : 'user.signed_up',
              targetType: 'user',
              targetId: user.id,
              details: { ip: client.ip },
            },
            tx,
          );
        });
      } catch (error) {
        // Two sign-ups for one new address at once: the unique index lets one in; the other answers alike.
        if (!isUniqueViolation(error)) throw error;
      }
      return { message: SIGN_UP_MESSAGE };
    },

    /** Opens a verification link: the token must be known, unused and unexpired, and the address unchanged. */
    async verifyEmail(token: string): Promise<VerifyEmailResponse> {
      requirePasswordSignIn();
      if (!isWellFormedToken(token)) throw new AuthError('verification_invalid');
      return db.transaction(async (tx) => {
        const now = clock.now();
        const link = await repo.findVerification(tx, hashSessionToken(token));
        if (!link || link.usedAt) throw new AuthError('verification_invalid');
        if (link.expiresAt.getTime() <= now.getTime()) throw new AuthError('verification_expired');
        const user = await repo.findUserById(tx, link.userId);
        if (!user || user.email !== link.email) throw new AuthError('verification_invalid');
        if (!(await repo.useVerification(tx, link.id, now))) throw new AuthError('verification_invalid');
        await repo.markEmailVerified(tx, user.id, now);
        await audit.record(
          {
            actorId: user.id,
            projectId: null,
            action: 'user.email_verified',
            targetType: 'user',
            targetId: user.id,
          },
          tx,
        );
        return { email: user.email };
      });
    },

    /** A new verification link for the signed-in account (at most one a minute; none once verified). */
    async resendVerification(auth: AuthContext): Promise<{ message: typeof RESEND_MESSAGE }> {
      requirePasswordSignIn();
      await db.transaction(async (tx) => {
        const user = await repo.findUserById(tx, auth.user.id);
        if (!user || user.emailVerifiedAt) return;
        const now = clock.now();
        const last = await repo.latestVerificationAt(tx, user.id);
        if (last && now.getTime() - last.getTime() < RESEND_AFTER_MS) {
          const wait = Math.ceil((RESEND_AFTER_MS - (now.getTime() - last.getTime())) / 1000);
          throw new AuthError('too_many_attempts', { headers: { 'retry-after': String(wait) } });
        }
        await sendVerificationLink(tx, jobs, user, appUrl, now);
      });
      return { message: RESEND_MESSAGE };
    },

    async signIn(input: SignInBody, client: ClientInfo): Promise<SessionResponse> {
      requirePasswordSignIn();
      const throttle = deps.throttle ?? null;
      const wait = throttle ? await throttle.wait(db, input.email, client.ip, clock.now()) : 0;
      if (wait > 0) throw new AuthError('too_many_attempts', { headers: { 'retry-after': String(wait) } });
      const user = await repo.findUserByEmail(db, input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        await throttle?.failed(db, input.email, client.ip, clock.now());
        throw new AuthError('invalid_credentials');
      }
      await throttle?.succeeded(db, input.email, client.ip);
      return db.transaction((tx) => openSession(user, client, tx));
    },

    async signOut(auth: AuthContext): Promise<void> {
      const { sessionId } = auth;
      // Signing out is session-only (routes.ts); a token never reaches here.
      if (!sessionId) return;
      await db.transaction(async (tx) => {
        await repo.deleteSession(tx, sessionId);
        await audit.record(
          {
            actorId: auth.user.id,
            projectId: null,
            action: 'session.revoked',
            targetType: 'session',
            targetId: sessionId,
          },
          tx,
        );
      });
    },

    /** Resolves a token to its session; slides the expiry forward (at most hourly). Null when unknown or expired. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (!isWellFormedToken(token)) return null;
      const now = clock.now();
      const found = await repo.findLiveSession(db, hashSessionToken(token), now);
      if (!found) return null;
      const { session, user } = found;
      let renewed: AuthContext['renewed'] = null;
      if (now.getTime() - session.lastSeenAt.getTime() >= RENEW_AFTER_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
        await repo.touchSession(db, session.id, now, expiresAt);
        renewed = { token, expiresAt };
      }
      return { user: toUserDto(user), sessionId: session.id, renewed, token: null };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
