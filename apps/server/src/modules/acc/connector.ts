import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { type ApsClient, ApsError } from './aps-client';
import * as repo from './repo';
import type { ApsTokens, TokenSeal } from './token-seal';

/** Refresh an access token this long before Autodesk would refuse it. */
const REFRESH_MARGIN_MS = 2 * 60_000;

/**
 * The Autodesk connection of a project, shared by its routes and jobs: the sealed tokens are opened
 * when needed, refreshed before expiry (one refresh at a time per project: Autodesk's refresh tokens
 * work once), and a refresh Autodesk refuses marks the project for re-authorisation.
 */
export function createAccConnector(deps: { db: Database; clock: Clock; client: ApsClient; seal: TokenSeal }) {
  const { db, clock, client, seal } = deps;
  const inFlight = new Map<string, Promise<ApsTokens>>();

  async function refreshLink(projectId: string, stale: ApsTokens): Promise<ApsTokens> {
    try {
      const fresh = await client.refresh(stale.refreshToken);
      await repo.setLinkTokens(db, projectId, seal.seal(fresh), clock.now());
      return fresh;
    } catch (error) {
      if (!(error instanceof ApsError && error.isAuth)) throw error;
      // Another process may have refreshed first (its refresh token replaced ours): use its tokens.
      const link = await repo.findLink(db, projectId);
      const current = link ? seal.open(link.tokens) : null;
      if (current && current.refreshToken !== stale.refreshToken && !link?.reauthRequiredAt) return current;
      await repo.markReauthRequired(db, projectId, clock.now());
      throw error;
    }
  }

  async function tokens(projectId: string, force = false): Promise<ApsTokens> {
    const link = await repo.findLink(db, projectId);
    if (!link) throw new ApsError(404, 'This project is not connected to Autodesk Construction Cloud.');
    const current = seal.open(link.tokens);
    if (!force && current.expiresAt - REFRESH_MARGIN_MS > clock.now().getTime()) return current;
    const running = inFlight.get(projectId);
    if (running) return running;
    const refresh = refreshLink(projectId, current).finally(() => inFlight.delete(projectId));
    inFlight.set(projectId, refresh);
    return refresh;
  }

  return {
    client,
    seal,
    /** A usable access token of the project (refreshed when near expiry, or when `force`). */
    async projectToken(projectId: string, force = false): Promise<string> {
      return (await tokens(projectId, force)).accessToken;
    },
    /** The refresh token of the project, for narrowing a viewer token (its rotation stored). */
    async refreshedFor(projectId: string): Promise<ApsTokens> {
      return tokens(projectId, true);
    },
    /**
     * Runs `work` with the project's token; a 401 (the token was revoked or expired early) refreshes it
     * once and runs `work` again.
     */
    async withProjectToken<T>(projectId: string, work: (token: string) => Promise<T>): Promise<T> {
      try {
        return await work((await tokens(projectId)).accessToken);
      } catch (error) {
        if (!(error instanceof ApsError && error.status === 401)) throw error;
        return work((await tokens(projectId, true)).accessToken);
      }
    },
    /** Stores a narrowed token's rotation: the refresh token Autodesk returned replaces the used one. */
    async storeRotation(projectId: string, rotated: ApsTokens, full: ApsTokens): Promise<void> {
      await repo.setLinkTokens(
        db,
        projectId,
        seal.seal({ ...full, refreshToken: rotated.refreshToken }),
        clock.now(),
      );
    },
  };
}

export type AccConnector = ReturnType<typeof createAccConnector>;
