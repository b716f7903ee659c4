import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from '@plumbline/contracts';
import type { AuthContext } from '../../platform/auth/context';
import { hashSessionToken } from '../../platform/auth/tokens';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { AuditRecorder } from '../audit';
import { toUserDto } from '../auth';
import { requireProjectPermission } from '../projects';
import { TokenError } from './errors';
import * as repo from './repo';
import { isWellFormedApiToken, newApiToken, type TokenKind } from './secret';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The last-used time is written at most this often per token, so reads do not write on every request. */
const TOUCH_AFTER_MS = 60 * 1000;

function stateOf(row: repo.ApiTokenRow, now: Date): ApiToken['state'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

function toDto({ token, creatorEmail, creatorName }: repo.ListedToken, now: Date): ApiToken {
  return {
    id: token.id,
    kind: token.kind,
    name: token.name,
    scope: token.scope,
    hint: token.hint,
    project_id: token.projectId,
    created_by: { id: token.userId, email: creatorEmail, full_name: creatorName },
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    state: stateOf(token, now),
  };
}

/**
 * Personal and project API tokens (decision 0266): made and revoked by a signed-in person, shown
 * once, stored as SHA-256 like sessions; every creation and revocation is in the audit trail.
 */
export function createTokenService(deps: { db: Database; clock: Clock; audit: AuditRecorder }) {
  const { db, clock, audit } = deps;

  async function create(
    userId: string,
    kind: TokenKind,
    projectId: string | null,
    body: CreateApiTokenBody,
  ): Promise<CreatedApiToken> {
    const { secret, hint } = newApiToken(kind);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const inserted = await repo.insertApiToken(tx, {
        kind,
        userId,
        projectId,
        name: body.name,
        scope: body.scope,
        tokenHash: hashSessionToken(secret),
        hint,
        createdAt: now,
        expiresAt: new Date(now.getTime() + body.expires_in_days * DAY_MS),
      });
      await audit.record(
        {
          actorId: userId,
          projectId,
          action: 'token.created',
          targetType: 'token',
          targetId: inserted.id,
          details: {
            before: null,
            after: {
              kind,
              name: body.name,
              scope: body.scope,
              hint,
              expiresAt: inserted.expiresAt.toISOString(),
            },
          },
        },
        tx,
      );
      return inserted;
    });
    const listed = await repo.findListedToken(db, row.id);
    return { token: toDto(listed as repo.ListedToken, now), secret };
  }

  async function revoke(actorId: string, listed: repo.ListedToken): Promise<ApiToken> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (!(await repo.revokeToken(tx, listed.token.id, actorId, now))) return;
      await audit.record(
        {
          actorId,
          projectId: listed.token.projectId,
          action: 'token.revoked',
          targetType: 'token',
          targetId: listed.token.id,
          details: {
            name: listed.token.name,
            hint: listed.token.hint,
            before: { state: stateOf(listed.token, now) },
            after: { state: 'revoked' },
          },
        },
        tx,
      );
    });
    return toDto((await repo.findListedToken(db, listed.token.id)) as repo.ListedToken, now);
  }

  return {
    async listPersonal(auth: AuthContext): Promise<ApiToken[]> {
      const now = clock.now();
      return (await repo.listPersonalTokens(db, auth.user.id)).map((row) => toDto(row, now));
    },

    createPersonal(auth: AuthContext, body: CreateApiTokenBody): Promise<CreatedApiToken> {
      return create(auth.user.id, 'personal', null, body);
    },

    async revokePersonal(auth: AuthContext, tokenId: string): Promise<ApiToken> {
      const listed = await repo.findListedToken(db, tokenId);
      if (listed?.token.kind !== 'personal' || listed.token.userId !== auth.user.id)
        throw new TokenError('token_not_found');
      return revoke(auth.user.id, listed);
    },

    async listProject(userId: string, projectId: string): Promise<ApiToken[]> {
      await requireProjectPermission({ db, userId }, projectId, 'tokens.manage');
      const now = clock.now();
      return (await repo.listProjectTokens(db, projectId)).map((row) => toDto(row, now));
    },

    async createProject(
      userId: string,
      projectId: string,
      body: CreateApiTokenBody,
    ): Promise<CreatedApiToken> {
      await requireProjectPermission({ db, userId }, projectId, 'tokens.manage');
      return create(userId, 'project', projectId, body);
    },

    /** Any Admin of the project may revoke any of its tokens (a colleague's too, when they leave). */
    async revokeProject(userId: string, projectId: string, tokenId: string): Promise<ApiToken> {
      await requireProjectPermission({ db, userId }, projectId, 'tokens.manage');
      const listed = await repo.findListedToken(db, tokenId);
      if (listed?.token.kind !== 'project' || listed.token.projectId !== projectId)
        throw new TokenError('token_not_found');
      return revoke(userId, listed);
    },

    /**
     * Resolves a bearer API token: unknown, revoked, expired (or of a closed project) is null, which
     * the session hook answers with 401. The last-used time moves at most once a minute.
     */
    async authenticate(secret: string): Promise<AuthContext | null> {
      if (!isWellFormedApiToken(secret)) return null;
      const now = clock.now();
      const found = await repo.findLiveToken(db, hashSessionToken(secret), now);
      if (!found) return null;
      const { token, user } = found;
      if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= TOUCH_AFTER_MS) {
        await repo.touchToken(db, token.id, now);
      }
      return {
        user: toUserDto(user),
        sessionId: null,
        renewed: null,
        token: { id: token.id, kind: token.kind, scope: token.scope, projectId: token.projectId },
      };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
