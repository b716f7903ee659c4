import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AccFile,
  type AccHub,
  type AccProject,
  type AccSelection,
  type AccSessionStatus,
  type FileLimits,
  fileSelectionProblem,
} from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import type { AuditRecorder } from '../audit';
import { insertMembership, insertProject, requireProjectRole } from '../projects';
import { storageKeys } from '../storage';
import { ApsError, pkcePair, VIEWER_SCOPE } from './aps-client';
import { toAvailableAccItem } from './available';
import type { AccConnector } from './connector';
import { AccError, fromApsError } from './errors';
import {
  accSessionCleanupJob,
  fetchAccVersionJob,
  registerAccHooksJob,
  SESSION_CLEANUP_SECONDS,
} from './jobs';
import { findLiveSession, SESSION_TTL_MS } from './live-session';
import * as repo from './repo';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the wizard chose, checked against Autodesk before anything is charged or written. */
export interface PreparedImport {
  hubId: string;
  accProjectId: string;
  accProjectName: string;
  sessionId: string;
  sealedTokens: string;
  files: AccFile[];
}

/** Where the browser goes after the callback (never an absolute address: no open redirect). */
function safeReturnPath(path: string | null | undefined, fallback: string): string {
  return path?.startsWith('/') && !path.startsWith('//') ? path : fallback;
}

export function createAccService(deps: {
  db: Database;
  clock: Clock;
  jobs: JobSender;
  audit: AuditRecorder;
  connector: AccConnector | null;
}) {
  const { db, clock, jobs, audit } = deps;

  function connector(): AccConnector {
    if (!deps.connector) throw new AccError('not_configured');
    return deps.connector;
  }

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw fromApsError(error);
    }
  }

  const liveSession = (userId: string, sessionId: string, now: Date) =>
    findLiveSession(db, userId, sessionId, now);

  /** The session's access token, refreshed when near expiry; a session not usable → 401. */
  async function sessionToken(userId: string, sessionId: string): Promise<string> {
    const c = connector();
    const now = clock.now();
    const session = await liveSession(userId, sessionId, now);
    if (!session) throw new AccError('session_not_found');
    const tokens = c.seal.open(session.tokens);
    if (tokens.expiresAt - 60_000 > now.getTime()) return tokens.accessToken;
    const fresh = await call(() => c.client.refresh(tokens.refreshToken));
    await repo.storeSessionTokens(db, sessionId, c.seal.seal(fresh), session.connectedAt ?? now);
    return fresh.accessToken;
  }

  /** Writes the link, the files and their pending versions, and queues each download (inside `tx`). */
  async function attach(
    tx: Database,
    projectId: string,
    userId: string,
    prepared: PreparedImport,
    now: Date,
  ): Promise<number> {
    await repo.upsertLink(tx, {
      projectId,
      hubId: prepared.hubId,
      accProjectId: prepared.accProjectId,
      accProjectName: prepared.accProjectName,
      connectedBy: userId,
      tokens: prepared.sealedTokens,
      createdAt: now,
      updatedAt: now,
    });
    return importItems(tx, projectId, userId, prepared.files, now);
  }

  /** A file per ACC item with its latest version pending download (inside `tx`); returns the downloads queued. */
  async function importItems(
    tx: Database,
    projectId: string,
    userId: string | null,
    files: AccFile[],
    now: Date,
  ): Promise<number> {
    const taken = new Set((await repo.projectFileNames(tx, projectId)).map((n) => n.toLowerCase()));
    let queued = 0;
    for (const file of files) {
      // Two items may share a name in different folders; the project keeps one name per file.
      let name = file.name;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = file.name.replace(/(\.[^.]+)$/, ` (${n})$1`);
      taken.add(name.toLowerCase());
      const bimFileId = await repo.upsertAccBimFile(tx, { projectId, accItemId: file.id, name, userId, now });
      const latest = file.versions[0];
      if (!latest) continue;
      queued += await addVersion(
        tx,
        projectId,
        bimFileId,
        latest.id,
        file.versionCount,
        latest.size,
        userId,
        now,
      );
    }
    // Their folders get Autodesk webhooks (when this installation has a public URL; decision 0360).
    if (files.length > 0) await jobs.send(registerAccHooksJob, { projectId }, tx);
    return queued;
  }

  async function addVersion(
    tx: Database,
    projectId: string,
    bimFileId: string,
    accVersionId: string,
    accVersionNumber: number,
    sizeBytes: number,
    userId: string | null,
    now: Date,
  ): Promise<number> {
    const id = randomUUID();
    const inserted = await repo.insertAccVersion(tx, {
      id,
      bimFileId,
      accVersionId,
      accVersionNumber,
      sizeBytes,
      storageKey: storageKeys.bimFileVersion(projectId, id),
      userId,
      now,
    });
    if (!inserted) return 0;
    await jobs.send(fetchAccVersionJob, { fileVersionId: inserted }, tx);
    return 1;
  }

  return {
    enabled: deps.connector !== null,

    /** Starts the Autodesk sign-in (spec 1 §7 initiate_company_auth): the address to send the browser to. */
    async initiate(
      userId: string,
      sessionId: string,
      options: { projectId?: string; returnPath?: string } = {},
    ): Promise<string> {
      const c = connector();
      const state = randomBytes(32).toString('base64url');
      const pkce = pkcePair();
      const now = clock.now();
      const fresh = {
        flow: options.projectId ? ('project_reconnect' as const) : ('project_create' as const),
        projectId: options.projectId ?? null,
        returnPath: options.returnPath ?? null,
        stateHash: sha256(state),
        codeVerifier: pkce.verifier,
      };
      const created = await repo.insertSession(db, { id: sessionId, userId, ...fresh, createdAt: now });
      // The same browser session connecting again (Re-authenticate) starts over on its own row only.
      if (!created && !(await repo.restartSession(db, sessionId, userId, { ...fresh, createdAt: now }))) {
        throw new AccError('session_in_use');
      }
      await jobs.send(accSessionCleanupJob, { sessionId, createdAt: now.toISOString() }, undefined, {
        startAfterSeconds: SESSION_CLEANUP_SECONDS,
      });
      return c.client.authorizeUrl({ state, codeChallenge: pkce.challenge });
    },

    /**
     * Autodesk's redirect back: the state must be one we issued to this signed-in user, once; the code is
     * exchanged with the PKCE verifier. Returns where the browser goes next.
     */
    async callback(
      userId: string,
      query: { code?: string; state?: string; error?: string },
    ): Promise<string> {
      const c = connector();
      const failed = '/dashboard?createProject=true&step=connect_acc&acc_error=connection';
      if (!query.state) throw new AccError('state_invalid');
      const claimed = await repo.claimState(db, sha256(query.state));
      if (!claimed || claimed.session.userId !== userId) throw new AccError('state_invalid');
      const { session, codeVerifier } = claimed;
      const reconnect = session.flow === 'project_reconnect' && session.projectId;
      if (query.error || !query.code) {
        return reconnect ? safeReturnPath(session.returnPath, '/dashboard?tab=projects') : failed;
      }
      let tokens: Awaited<ReturnType<typeof c.client.exchangeCode>>;
      try {
        tokens = await c.client.exchangeCode(query.code, codeVerifier);
      } catch (error) {
        if (error instanceof ApsError) throw new AccError('state_invalid');
        throw error;
      }
      const now = clock.now();
      const sealed = c.seal.seal(tokens);
      if (reconnect && session.projectId) {
        await requireProjectRole({ db, userId }, session.projectId, 'Editor');
        await repo.setLinkTokens(db, session.projectId, sealed, now);
        await repo.invalidateSession(db, session.id, userId, now);
        await audit.record({
          actorId: userId,
          projectId: session.projectId,
          action: 'project.acc_reconnected',
          targetType: 'project',
          targetId: session.projectId,
        });
        return safeReturnPath(session.returnPath, '/dashboard?tab=projects');
      }
      await repo.storeSessionTokens(db, session.id, sealed, now);
      return '/dashboard?createProject=true&step=connect_acc';
    },

    async sessionStatus(userId: string, sessionId: string): Promise<AccSessionStatus> {
      const session = await liveSession(userId, sessionId, clock.now());
      return {
        session_id: sessionId,
        status: session ? 'valid' : 'invalid',
        connected_at: session?.connectedAt?.toISOString() ?? null,
        expires_at: session ? new Date(session.createdAt.getTime() + SESSION_TTL_MS).toISOString() : null,
      };
    },

    async invalidate(userId: string, sessionId: string): Promise<void> {
      await repo.invalidateSession(db, sessionId, userId, clock.now());
    },

    /** The browser's clean-up (spec 1 §4: page unload, navigation away, an error): idempotent, unknown ids included. */
    async discard(userId: string, sessionId: string): Promise<void> {
      await repo.deleteSession(db, sessionId, userId);
    },

    async hubs(userId: string, sessionId: string): Promise<AccHub[]> {
      const token = await sessionToken(userId, sessionId);
      return call(() => connector().client.hubs(token));
    },

    async projects(userId: string, sessionId: string, hubId: string): Promise<AccProject[]> {
      const token = await sessionToken(userId, sessionId);
      return call(() => connector().client.projects(token, hubId));
    },

    /** Spec 1 §7 all-files: every .ifc and .rvt of the project (also the Details step's access check). */
    async allFiles(userId: string, sessionId: string, hubId: string, projectId: string): Promise<AccFile[]> {
      const token = await sessionToken(userId, sessionId);
      return call(() => connector().client.bimFiles(token, hubId, projectId));
    },

    /**
     * Checks the wizard's choice against Autodesk and the plan before payment: the session is usable,
     * every chosen file is in the project, and the files fit the limits.
     */
    async prepareImport(
      userId: string,
      selection: AccSelection,
      limits: FileLimits | null,
    ): Promise<PreparedImport> {
      const c = connector();
      const token = await sessionToken(userId, selection.temporaryAccSessionId);
      const [projects, files] = await call(() =>
        Promise.all([
          c.client.projects(token, selection.accHubId),
          c.client.bimFiles(token, selection.accHubId, selection.accProjectUrnId),
        ]),
      );
      const project = projects.find((p) => p.id === selection.accProjectUrnId);
      if (!project) throw new AccError('not_found');
      const byId = new Map(files.map((f) => [f.id, f]));
      const chosen = [...new Set(selection.selectedFileIds)].map((id) => byId.get(id));
      if (chosen.some((f) => !f)) throw new AccError('unknown_file');
      const picked = chosen as AccFile[];
      if (limits) {
        const problem = fileSelectionProblem(picked.map(toAvailableAccItem), limits);
        if (problem)
          throw new AccError('selection_invalid', { messageId: problem.id, params: problem.params });
      }
      // Read again: sessionToken may have stored refreshed tokens.
      const session = await liveSession(userId, selection.temporaryAccSessionId, clock.now());
      if (!session) throw new AccError('session_not_found');
      return {
        hubId: selection.accHubId,
        accProjectId: project.id,
        accProjectName: project.name,
        sessionId: selection.temporaryAccSessionId,
        sealedTokens: session.tokens,
        files: picked,
      };
    },

    attach,
    importItems,

    /** The ACC project's BIM items as they are now, through the project's connection (manage files); null when the project does not import from ACC. */
    async availableItems(projectId: string): Promise<AccFile[] | null> {
      const link = await repo.findLink(db, projectId);
      if (!link) return null;
      const c = connector();
      if (link.reauthRequiredAt) throw new AccError('reauth_required');
      return call(() =>
        c.withProjectToken(projectId, (token) => c.client.bimFiles(token, link.hubId, link.accProjectId)),
      );
    },

    /** The Autodesk item ids the project already has files for. */
    importedItemIds: (projectId: string) => repo.importedItemIds(db, projectId),

    /** POST /projects/from-acc (spec 2 §7): the project, its Admin and its ACC files, in one transaction. */
    async createProject(
      userId: string,
      input: { name: string; description: string; prepared: PreparedImport },
    ): Promise<{ projectId: string; queued: number }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const project = await insertProject(tx, {
          name: input.name,
          description: input.description,
          createdBy: userId,
          at: now,
        });
        await insertMembership(tx, { projectId: project.id, userId, role: 'Admin', at: now });
        const queued = await attach(tx, project.id, userId, input.prepared, now);
        await audit.record(
          {
            actorId: userId,
            projectId: project.id,
            action: 'project.created',
            targetType: 'project',
            targetId: project.id,
            details: { name: project.name, source: 'acc', files: input.prepared.files.length },
          },
          tx,
        );
        return { projectId: project.id, queued };
      });
    },

    projectOfFile: (fileId: string) => repo.projectOfFile(db, fileId),

    /**
     * The Autodesk versions of the project's ACC files not imported yet, newest last (null when the project
     * does not import from ACC). Autodesk is asked with the project's token as it is: a 401 reaches the
     * caller (the browser's reconnect flow).
     */
    async newVersions(projectId: string) {
      const link = await repo.findLink(db, projectId);
      if (!link) return null;
      const c = connector();
      if (link.reauthRequiredAt) throw new AccError('reauth_required');
      const token = await call(() => c.projectToken(projectId));
      const files = await repo.listAccFiles(db, projectId);
      const found: { bimFileId: string; accVersionId: string; versionNumber: number; size: number }[] = [];
      for (const file of files) {
        const versions = await call(() => c.client.itemVersions(token, link.accProjectId, file.accItemId));
        const newest = Math.max(
          0,
          ...versions.filter((v) => file.importedVersionIds.includes(v.id)).map((v) => v.versionNumber),
        );
        for (const v of [...versions].reverse()) {
          if (v.versionNumber > newest && !file.importedVersionIds.includes(v.id)) {
            found.push({
              bimFileId: file.bimFileId,
              accVersionId: v.id,
              versionNumber: v.versionNumber,
              size: v.size,
            });
          }
        }
      }
      return found;
    },

    /** Writes the versions `newVersions` found and queues their downloads (inside the caller's transaction). */
    async addNewVersions(
      tx: Database,
      projectId: string,
      versions: { bimFileId: string; accVersionId: string; versionNumber: number; size: number }[],
      userId: string | null,
    ): Promise<number> {
      const now = clock.now();
      let queued = 0;
      for (const v of versions) {
        queued += await addVersion(
          tx,
          projectId,
          v.bimFileId,
          v.accVersionId,
          v.versionNumber,
          v.size,
          userId,
          now,
        );
      }
      await repo.markSynced(tx, projectId, now);
      return queued;
    },

    /**
     * Fetches again (for an RVT: translates again) the ACC versions whose fetch failed, so their IFC was
     * never stored; a refresh calls it instead of re-processing an IFC that does not exist. A version
     * still pending is left to its queued job. Returns the fetches queued (inside the caller's transaction).
     */
    async refetchFailed(tx: Database, versionIds: readonly string[]): Promise<number> {
      const reset = await repo.resetFailedFetches(tx, versionIds);
      for (const fileVersionId of reset) await jobs.send(fetchAccVersionJob, { fileVersionId }, tx);
      return reset.length;
    },

    /** Spec 2 §7 'refresh tokens for a project': a refused refresh means re-authorising. */
    async refreshProjectTokens(
      userId: string,
      projectId: string,
    ): Promise<{ refreshed: boolean; expires_at: string }> {
      await requireProjectRole({ db, userId }, projectId, 'Editor');
      const c = connector();
      const link = await repo.findLink(db, projectId);
      if (!link) throw new AccError('not_linked');
      try {
        const fresh = await c.refreshedFor(projectId);
        return { refreshed: true, expires_at: new Date(fresh.expiresAt).toISOString() };
      } catch (error) {
        if (error instanceof ApsError && error.isAuth) throw new AccError('reauth_required');
        throw fromApsError(error);
      }
    },

    /** Spec 2 §7 auth/aps/login/{projectId}: re-authorise the project's connection. */
    async loginForProject(userId: string, projectId: string): Promise<string> {
      await requireProjectRole({ db, userId }, projectId, 'Editor');
      if (!(await repo.findLink(db, projectId))) throw new AccError('not_linked');
      const sessionId = randomBytes(24).toString('base64url');
      return this.initiate(userId, sessionId, {
        projectId,
        returnPath: `/dashboard?tab=projects&reconnected=${encodeURIComponent(projectId)}`,
      });
    },

    /**
     * Spec 3 §7 viewer token for an ACC file: the project's grant narrowed to viewables:read, short-lived.
     * The full token never leaves the server.
     */
    async viewerToken(
      userId: string,
      projectId: string,
      fileId: string,
    ): Promise<{ access_token: string; expires_in: number }> {
      await requireProjectRole({ db, userId }, projectId, 'Viewer');
      const c = connector();
      if (!(await repo.latestAccVersion(db, projectId, fileId))) throw new AccError('not_acc_file');
      try {
        const full = await c.refreshedFor(projectId);
        const narrowed = await c.client.refresh(full.refreshToken, VIEWER_SCOPE);
        await c.storeRotation(projectId, narrowed, full);
        return {
          access_token: narrowed.accessToken,
          expires_in: Math.max(0, Math.round((narrowed.expiresAt - clock.now().getTime()) / 1000)),
        };
      } catch (error) {
        if (error instanceof ApsError && error.isAuth) throw new AccError('reauth_required');
        throw fromApsError(error);
      }
    },

    /** Spec 3 §7 model reference: the Model Derivative urn of the file's newest Autodesk version. */
    async modelUrn(userId: string, projectId: string, fileId: string): Promise<{ urn: string }> {
      await requireProjectRole({ db, userId }, projectId, 'Viewer');
      const latest = await repo.latestAccVersion(db, projectId, fileId);
      if (!latest) throw new AccError('not_acc_file');
      return { urn: Buffer.from(latest.accVersionId, 'utf8').toString('base64url') };
    },
  };
}

export type AccService = ReturnType<typeof createAccService>;
