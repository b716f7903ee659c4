import type { SessionResponse, SignInBody, SignUpBody, User } from '@plumbline/contracts';
import type { AuthContext } from '../../platform/auth/context';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import { generateSessionToken, hashSessionToken, isWellFormedToken } from '../../platform/auth/tokens';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import type { AuditRecorder } from '../audit/service';
import { AuthError } from './errors';
import { passwordWeakness } from './password-strength';
import * as repo from './repo';
import type { SignInThrottle } from './throttle';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so reads do not write on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

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
  };
}

export function createAuthService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  /** Growing delays after failed sign-ins (null: none, for tests of other things). */
  throttle?: SignInThrottle | null;
}) {
  const { db, clock, audit } = deps;

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
    /** Creates an account and signs it in. The first account of an installation is its operator (admin). */
    async signUp(input: SignUpBody, client: ClientInfo): Promise<SessionResponse> {
      const weakness = passwordWeakness(input.password, input);
      if (weakness)
        throw new AuthError('weak_password', { message: weakness, fields: { password: weakness } });
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const role = (await repo.countUsers(tx)) === 0 ? 'admin' : 'user';
          const user = await repo.insertUser(tx, {
            email: input.email,
            fullName: input.fullName,
            passwordHash,
            role,
            at: clock.now(),
          });
          await audit.record(
            {
              actorId: user.id,
              projectId: null,
              action: 'user.signed_up',
              targetType: 'user',
              targetId: user.id,
            },
            tx,
          );
          return openSession(user, client, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AuthError('email_taken');
        throw error;
      }
    },

    async signIn(input: SignInBody, client: ClientInfo): Promise<SessionResponse> {
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
      await db.transaction(async (tx) => {
        await repo.deleteSession(tx, auth.sessionId);
        await audit.record(
          {
            actorId: auth.user.id,
            projectId: null,
            action: 'session.revoked',
            targetType: 'session',
            targetId: auth.sessionId,
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
      return { user: toUserDto(user), sessionId: session.id, renewed };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
