// Over 500 lines: the ACC import of spec 1 §4 and §7 end to end against the APS stand-in (sign-in, selection, import, refresh, clean-up), one server set up for all of it.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAccProjectsJob } from '../src/jobs/acc-sync';
import { purgeExpiredSessionsJob } from '../src/jobs/purge-expired-sessions';
import { createAccRuntime } from '../src/modules/acc/runtime';
import { createAccService } from '../src/modules/acc/service';
import { createAuditRecorder } from '../src/modules/audit/service';
import { readAll } from '../src/modules/storage';
import type { Database } from '../src/platform/db';
import { bimFiles, fileVersions } from '../src/schema';
import { connectAcc } from './support/acc-connect';
import { type ApsStandin, startApsStandin } from './support/aps-standin';
import { testBackends } from './support/backends';
import { modelObjectKey } from './support/model-objects';
import { sharedDir } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Issue 12 acceptance 4 (and the server side of 1–3): the ACC import through a loopback stand-in that
// speaks APS's REST. Expected names, sizes and versions come from the stand-in's own answers.
const CLIENT = { id: 'standin-client-id', secret: 'standin-client-secret-0123456789' };
const HOUR = 3_600_000;
/** startTestServer's SESSION_SECRET: the seal's key derives from it. */
const SESSION_SECRET = 'test-secret-that-is-long-enough-0123456789';

interface FileRow {
  id: string;
  name: string;
  status: string;
  error: string | null;
  version_count: number;
  source_version_tag: string | null;
}

for (const backend of testBackends()) {
  describe(`ACC import (${backend.name})`, () => {
    let server: TestServer;
    let standin: ApsStandin;
    let owner: Session;
    const logs: string[] = [];
    let callbackUrl = '';

    beforeAll(async () => {
      // The callback URL must be known before the stand-in starts; the server answers it through inject.
      callbackUrl = 'http://app.plumbline.test/api/v1/acc/callback';
      standin = await startApsStandin({
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
        callbackUrl,
        samplesDir: `${sharedDir}/ifc-samples`,
      });
      server = await startTestServer(
        backend,
        {
          BILLING: 'off',
          LOG_LEVEL: 'debug',
          APS_CLIENT_ID: CLIENT.id,
          APS_CLIENT_SECRET: CLIENT.secret,
          APS_CALLBACK_URL: callbackUrl,
          APS_BASE_URL: standin.url,
          // The stand-in's translations finish on the second poll: no need to wait Autodesk's 2 s.
          APS_TRANSLATION_POLL_SECONDS: '0.1',
        },
        { logs: { write: (line) => logs.push(line) } },
      );
      owner = await signUp(server, 'Alex Importer');
    });

    afterAll(async () => {
      await server?.stop();
      await standin?.close();
    });

    const connect = (sessionId: string, tamper?: () => Promise<void>) =>
      connectAcc(server, owner, standin, callbackUrl, sessionId, tamper);

    async function files(projectId: string): Promise<FileRow[]> {
      return (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles`)).json().bim_files;
    }

    async function dumpDatabase(): Promise<string> {
      const db = server.database.db as Database;
      const tables = (await db.execute(
        sql`select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_schema: string; table_name: string }[] };
      let text = '';
      for (const t of tables.rows) {
        const rows = (await db.execute(
          sql.raw(`select t::text as row from "${t.table_schema}"."${t.table_name}" t`),
        )) as unknown as { rows: { row: string }[] };
        text += rows.rows.map((r) => r.row).join('\n');
      }
      return text;
    }

    let projectId = '';
    const sessionId = 'wizard-session-0123456789abcdef';

    it('connects through Autodesk with PKCE and lists hubs, projects and BIM files as Autodesk has them', async () => {
      const done = await connect(sessionId);
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe('/dashboard?createProject=true&step=connect_acc');
      const status = await call(server, owner, 'GET', `/api/v1/acc/sessions/${sessionId}`);
      expect(status.json().status).toBe('valid');

      const hubs = (await call(server, owner, 'GET', `/api/v1/acc/hubs?oauth_session_id=${sessionId}`)).json()
        .hubs;
      expect(hubs).toEqual(
        expect.arrayContaining([
          { id: 'b.hub-acc', name: 'Cornerstone Build', region: 'EMEA', type: 'ACC' },
          { id: 'b.hub-bim360', name: 'Harbour Contractors', region: 'US', type: 'BIM 360' },
        ]),
      );
      const projects = (
        await call(server, owner, 'GET', `/api/v1/acc/hubs/b.hub-acc/projects?oauth_session_id=${sessionId}`)
      ).json().projects;
      expect(projects.map((p: { name: string }) => p.name).sort()).toEqual([
        'Empty Site',
        'Harbour Tower',
        'Restricted Works',
      ]);

      const all = await call(
        server,
        owner,
        'GET',
        `/api/v1/acc/hubs/b.hub-acc/projects/b.proj-harbour/all-files?oauth_session_id=${sessionId}`,
      );
      expect(all.statusCode).toBe(200);
      const listed = all.json().files as {
        name: string;
        versionCount: number;
        type: string;
        latestSize: number;
        sizeBytes: number;
      }[];
      // Nested folders walked, across paged folder contents; the PDF is not a BIM file.
      expect(listed.map((f) => f.name)).toEqual([
        'Damaged Services.rvt',
        'Harbour Architecture.rvt',
        'Harbour Structure.ifc',
        'Harbour Walls.ifc',
      ]);
      const structure = listed.find((f) => f.name === 'Harbour Structure.ifc');
      expect(structure?.versionCount).toBe(2);
      expect(structure?.sizeBytes).toBeGreaterThan(structure?.latestSize ?? 0);
    });

    it('answers the spec 1 §8 ACC check messages for 403, 404 and an unusable session, and empty projects', async () => {
      const path = (project: string, session = sessionId) =>
        `/api/v1/acc/hubs/b.hub-acc/projects/${project}/all-files?oauth_session_id=${session}`;
      const locked = await call(server, owner, 'GET', path('b.proj-locked'));
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error.message).toBe(
        'Access denied to the selected project. Please select a different project or reconnect to ACC.',
      );
      const gone = await call(server, owner, 'GET', path('b.proj-gone'));
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toBe(
        'The selected hub or project no longer exists. Please select a different project.',
      );
      const none = await call(server, owner, 'GET', path('b.proj-harbour', 'never-connected-session-000'));
      expect(none.statusCode).toBe(401);
      const empty = await call(server, owner, 'GET', path('b.proj-empty'));
      expect(empty.json().files).toEqual([]);
      standin.failNext(500);
      const broken = await call(server, owner, 'GET', path('b.proj-harbour'));
      expect(broken.statusCode).toBe(502);
      expect(broken.json().error.message).toBe(
        'Unable to access the selected project. Please try selecting it again or reconnect to ACC.',
      );
      standin.failNext(401);
      const expired = await call(server, owner, 'GET', path('b.proj-harbour'));
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.message).toBe(
        'Your Autodesk Construction Cloud session has expired. Please reconnect to ACC.',
      );
    });

    it('imports an IFC and an RVT (translated to IFC); a failed translation fails its version with the message', async () => {
      const listed = (
        await call(
          server,
          owner,
          'GET',
          `/api/v1/acc/hubs/b.hub-acc/projects/b.proj-harbour/all-files?oauth_session_id=${sessionId}`,
        )
      ).json().files as { id: string; name: string }[];
      const pick = ['Harbour Walls.ifc', 'Harbour Architecture.rvt', 'Damaged Services.rvt'].map(
        (name) => listed.find((f) => f.name === name)?.id as string,
      );
      const created = await call(server, owner, 'POST', '/api/v1/projects/from-acc', {
        projectName: 'Harbour Tower QA',
        projectDescription: '',
        accHubId: 'b.hub-acc',
        accProjectUrnId: 'b.proj-harbour',
        temporaryAccSessionId: sessionId,
        selectedFileIds: pick,
      });
      expect(created.statusCode).toBe(201);
      projectId = created.json().project_id;
      const settled = await eventually(async () => {
        const rows = await files(projectId);
        return (
          rows.length === 3 && rows.every((f) => f.status === 'completed' || f.status === 'failed') && rows
        );
      });
      const byName = new Map(settled.map((f) => [f.name, f]));
      expect(byName.get('Harbour Walls.ifc')?.status).toBe('completed');
      expect(byName.get('Harbour Architecture.rvt')?.status).toBe('completed');
      expect(byName.get('Damaged Services.rvt')?.status).toBe('failed');
      expect(byName.get('Damaged Services.rvt')?.error).toBe(
        'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).',
      );
      // The translation was asked of Model Derivative, and its IFC downloaded with the signed cookies.
      expect(standin.requests.some((r) => r.path === '/modelderivative/v2/designdata/job')).toBe(true);
      expect(standin.requests.some((r) => r.path.startsWith('/__cdn/'))).toBe(true);
      // The fetched models are stored under their SHA-256 (decision 0424), hashed again here.
      const fetched = await server.database.db
        .select({ key: fileVersions.storageKey, sha256: fileVersions.sha256, status: fileVersions.status })
        .from(fileVersions)
        .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
        .where(eq(bimFiles.projectId, projectId));
      const completed = fetched.filter((row) => row.status === 'completed');
      expect(completed).toHaveLength(2);
      for (const row of completed) {
        const bytes = await readAll(await server.storage.getStream(row.key));
        expect(row.key).toBe(modelObjectKey(bytes));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      }
    });

    it('keeps tokens sealed: no token Autodesk issued is in any table or any log line', async () => {
      const issued = standin.issuedTokens();
      expect(issued.length).toBeGreaterThan(1);
      const database = await dumpDatabase();
      const sealed = (await (server.database.db as Database).execute(
        sql`select tokens from acc_project_links where project_id = ${projectId}`,
      )) as unknown as { rows: { tokens: string }[] };
      expect(sealed.rows[0]?.tokens).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      const joinedLogs = logs.join('');
      expect(joinedLogs.length).toBeGreaterThan(1000);
      for (const token of issued) {
        expect(database).not.toContain(token);
        expect(joinedLogs).not.toContain(token);
      }
      // Nor the OAuth code or state, which travel in the callback's query string.
      expect(joinedLogs).not.toMatch(/[?&](code|state)=/);
    });

    it('refuses a callback whose state is unknown, and one whose PKCE verifier does not match', async () => {
      const forged = await call(
        server,
        owner,
        'GET',
        '/api/v1/acc/callback?code=sc-forged&state=not-a-state-we-issued',
      );
      expect(forged.statusCode).toBe(302);
      expect(forged.headers.location).toContain('acc_error=connection');

      const pkceSession = 'pkce-session-0123456789abcdef';
      const db = server.database.db as Database;
      const done = await connect(pkceSession, async () => {
        await db.execute(
          sql`update acc_sessions set code_verifier = 'a-verifier-that-does-not-match-the-challenge-0123' where id = ${pkceSession}`,
        );
      });
      expect(done.headers.location).toContain('acc_error=connection');
      expect((await call(server, owner, 'GET', `/api/v1/acc/sessions/${pkceSession}`)).json().status).toBe(
        'invalid',
      );
    });

    it('refreshes an expired token before asking, brings a new version as version 2, and never imports twice', async () => {
      standin.addVersion('Harbour Walls.ifc');
      const tokenCallsBefore = standin.requests.filter((r) => r.path === '/authentication/v2/token').length;
      // A day on: the refresh cooldown is over and the stored access token has expired.
      server.clock.advance(25 * HOUR);
      await signIn();
      const translationsBefore = standin.requests.filter(
        (r) => r.path === '/modelderivative/v2/designdata/job',
      ).length;
      const refreshed = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/refresh`);
      expect(refreshed.statusCode).toBe(202);
      // The failed RVT is not re-processed as if its IFC existed: it is translated again, and its row
      // keeps the translation's cause, never a server path (issue 35).
      await eventually(
        async () =>
          standin.requests.filter((r) => r.path === '/modelderivative/v2/designdata/job').length >
          translationsBefore,
      );
      const damaged = await eventually(async () => {
        const row = (await files(projectId)).find((f) => f.name === 'Damaged Services.rvt');
        return row?.status === 'failed' && row;
      });
      expect(damaged.error).toBe(
        'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).',
      );
      expect(JSON.stringify(await files(projectId))).not.toMatch(/ENOENT|\/tmp\/|plumbline-/);
      expect(standin.requests.filter((r) => r.path === '/authentication/v2/token').length).toBe(
        tokenCallsBefore + 1,
      );
      const walls = await eventually(async () => {
        const row = (await files(projectId)).find((f) => f.name === 'Harbour Walls.ifc');
        return row?.version_count === 2 && row.status === 'completed' && row;
      });
      expect(walls.source_version_tag).toBe('v2');
      expect((await files(projectId)).filter((f) => f.name.startsWith('Harbour Walls'))).toHaveLength(1);

      // The scheduled sync's path, twice at once and once more: nothing is imported again.
      standin.addVersion('Harbour Walls.ifc');
      const runtime = createAccRuntime(
        {
          aps: {
            clientId: CLIENT.id,
            clientSecret: CLIENT.secret,
            callbackUrl,
            baseUrl: standin.url,
            webhookUrl: null,
            translationPollSeconds: 0.1,
          },
          sessionSecret: SESSION_SECRET,
          maxUploadBytes: 1e9,
        },
        server.database.db,
        server.clock,
      );
      const live = createAccService({
        db: server.database.db,
        clock: server.clock,
        jobs: server.queue,
        audit: createAuditRecorder(server.queue, server.clock),
        connector: runtime?.connector ?? null,
      });
      const found = (await live.newVersions(projectId)) ?? [];
      expect(found).toHaveLength(1);
      const counts = await Promise.allSettled([
        server.database.db.transaction((tx) => live.addNewVersions(tx, projectId, found, null)),
        server.database.db.transaction((tx) => live.addNewVersions(tx, projectId, found, null)),
      ]);
      const imported = counts.map((c) => (c.status === 'fulfilled' ? c.value : 0)).reduce((a, b) => a + b, 0);
      expect(imported).toBe(1);
      expect(await live.newVersions(projectId)).toEqual([]);
    });

    it('syncs on schedule: with plans off, a project a day after its last sync gets its new versions', async () => {
      standin.addVersion('Harbour Walls.ifc');
      const count = async () =>
        (await files(projectId)).find((f) => f.name === 'Harbour Walls.ifc')?.version_count;
      const before = (await count()) ?? 0;
      // Within the day nothing is asked of Autodesk.
      const calls = standin.requests.length;
      // The sync has run (its job completed) before the checks, rather than a fixed wait it may not
      // have run within on a busy machine.
      const within = await server.queue.send(syncAccProjectsJob, {});
      await eventually(async () =>
        (await server.queue.findJobs(syncAccProjectsJob.name)).some(
          (job) => job.id === within && job.state === 'completed',
        ),
      );
      expect(await count()).toBe(before);
      expect(standin.requests.filter((r) => r.path.includes('/items/')).length).toBe(
        standin.requests.slice(0, calls).filter((r) => r.path.includes('/items/')).length,
      );
      server.clock.advance(25 * HOUR);
      await signIn();
      await server.queue.send(syncAccProjectsJob, {});
      await eventually(async () => (await count()) === before + 1);
    });

    it('lists the ACC items not imported yet in manage files, and imports one chosen there', async () => {
      const before = (
        await call(server, owner, 'GET', `/api/v1/projects/${projectId}/file-selection`)
      ).json();
      expect(before.acc).toEqual({ status: 'ok' });
      const names = before.files.map((f: { name: string }) => f.name).sort();
      expect(names).toEqual([
        'Damaged Services.rvt',
        'Harbour Architecture.rvt',
        'Harbour Structure.ifc',
        'Harbour Walls.ifc',
      ]);
      const structure = before.files.find((f: { name: string }) => f.name === 'Harbour Structure.ifc');
      expect(structure.id).toMatch(/^acc:urn:adsk\.wipprod:dm\.lineage:/);
      expect(structure.included).toBe(false);
      expect(structure.version_count).toBe(2);
      const keep = before.files
        .filter((f: { included: boolean }) => f.included)
        .map((f: { id: string }) => f.id);
      const put = await call(server, owner, 'PUT', `/api/v1/projects/${projectId}/file-selection`, {
        file_ids: [...keep, structure.id],
      });
      expect(put.statusCode).toBe(200);
      const imported = await eventually(async () => {
        const row = (await files(projectId)).find((f) => f.name === 'Harbour Structure.ifc');
        return row?.status === 'completed' && row;
      });
      // Its latest Autodesk version (2 of 2), once.
      expect(imported.version_count).toBe(1);
      expect(imported.source_version_tag).toBe('v2');
      const after = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/file-selection`)).json();
      expect(after.files.filter((f: { id: string }) => f.id.startsWith('acc:'))).toEqual([]);
    });

    it('gives the viewer a token narrowed to viewables:read, and the model urn of the newest version', async () => {
      const walls = (await files(projectId)).find((f) => f.name === 'Harbour Walls.ifc') as FileRow;
      const token = await call(server, owner, 'GET', `/api/v1/aps-token/viewer-token/file/${walls.id}`);
      expect(token.statusCode).toBe(200);
      const { access_token, expires_in } = token.json();
      expect(expires_in).toBeGreaterThan(0);
      // Autodesk itself refuses the narrowed token for data: it can only show models.
      const data = await fetch(`${standin.url}/project/v1/hubs`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(data.status).toBe(403);
      const urn = (await call(server, owner, 'GET', `/api/v1/aps-token/model-urn/file/${walls.id}`)).json()
        .urn;
      const versions = standin.requests.length;
      // The newest imported version, as its tag says.
      const tag = walls.source_version_tag?.slice(1) ?? '';
      expect(Buffer.from(urn, 'base64url').toString('utf8')).toMatch(
        new RegExp(`^urn:adsk\\.wipprod:fs\\.file:vf\\..+\\?version=${tag}$`),
      );
      expect(Number(tag)).toBeGreaterThan(2);
      expect(standin.requests.length).toBe(versions);
      // The project's own connection still works after the narrowing (its refresh token was rotated and kept).
      const refreshed = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/acc/refresh-tokens`);
      expect(refreshed.statusCode).toBe(200);
    });

    it('answers 401 with the reconnect message when Autodesk refuses the refresh token', async () => {
      server.clock.advance(25 * HOUR);
      await signIn();
      standin.refuseRefresh(true);
      try {
        const refreshed = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/refresh`);
        expect(refreshed.statusCode).toBe(401);
        const tokens = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/acc/refresh-tokens`);
        expect(tokens.statusCode).toBe(401);
        expect(tokens.json().error.message).toBe(
          'Authentication could not be restored. The project may need to be reconnected to Autodesk ACC manually.',
        );
        // Manage files offers to reconnect instead of listing Autodesk's items.
        const selection = (
          await call(server, owner, 'GET', `/api/v1/projects/${projectId}/file-selection`)
        ).json();
        expect(selection.acc).toEqual({ status: 'reauth_required' });
        const login = await call(server, owner, 'GET', `/api/v1/auth/aps/login/${projectId}`);
        expect(login.statusCode).toBe(302);
        expect(login.headers.location).toContain(`${standin.url}/authentication/v2/authorize`);
      } finally {
        standin.refuseRefresh(false);
      }
    });

    async function signIn() {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: owner.email, password: 'correct horse battery' },
        remoteAddress: '10.200.0.2',
      });
      owner.token = response.json().token;
    }

    it('purges Autodesk sessions past their 30 minutes, with their sealed tokens', async () => {
      const db = server.database.db as Database;
      const count = async (older: boolean) => {
        const cutoff = new Date(server.clock.now().getTime() - 30 * 60_000).toISOString();
        const result = (await db.execute(
          older
            ? sql`select count(*)::int as n from acc_sessions where created_at < ${cutoff}`
            : sql`select count(*)::int as n from acc_sessions where created_at >= ${cutoff}`,
        )) as unknown as { rows: { n: number }[] };
        return result.rows[0]?.n ?? -1;
      };
      expect(await count(true)).toBeGreaterThan(0);
      // The re-authorisation started by the last test is minutes old and stays.
      expect(await count(false)).toBe(1);
      await server.queue.send(purgeExpiredSessionsJob, {});
      await eventually(async () => (await count(true)) === 0);
      expect(await count(false)).toBe(1);
      expect((await call(server, owner, 'GET', `/api/v1/acc/sessions/${sessionId}`)).json().status).toBe(
        'invalid',
      );
    });

    it('answers an unknown or expired session 401 session_not_found, whatever its id looks like (issue 37)', async () => {
      const q = (id: string) => `oauth_session_id=${encodeURIComponent(id)}`;
      const routes = (id: string) => [
        `/api/v1/acc/hubs?${q(id)}`,
        `/api/v1/acc/hubs/b.hub-acc/projects?${q(id)}`,
        `/api/v1/acc/hubs/b.hub-acc/projects/b.proj-harbour/all-files?${q(id)}`,
      ];
      // Ids the document admits (any text up to 100 characters) that no connection has: not malformed.
      for (const id of ['x', 'unknown session', 'ünïcödé-séssion', 'a'.repeat(100), sessionId.slice(0, 15)]) {
        for (const url of routes(id)) {
          const res = await call(server, owner, 'GET', url);
          expect([res.statusCode, res.json().error.code], url).toEqual([401, 'session_not_found']);
        }
        const fromAcc = await call(server, owner, 'POST', '/api/v1/projects/from-acc', {
          projectName: 'Unknown session',
          accHubId: 'b.hub-acc',
          accProjectUrnId: 'b.proj-harbour',
          temporaryAccSessionId: id,
          selectedFileIds: ['urn:any'],
        });
        expect([fromAcc.statusCode, fromAcc.json().error.code]).toEqual([401, 'session_not_found']);
      }
      // A connected session past its 30 minutes is gone the same way.
      const fresh = 'expiring-session-0123456789ab';
      expect((await connect(fresh)).statusCode).toBe(302);
      expect((await call(server, owner, 'GET', routes(fresh)[0] as string)).statusCode).toBe(200);
      server.clock.advance(31 * 60_000);
      for (const url of routes(fresh)) {
        const res = await call(server, owner, 'GET', url);
        expect([res.statusCode, res.json().error.code], url).toEqual([401, 'session_not_found']);
      }
      // Only an empty or oversized id is malformed.
      for (const id of ['', 'a'.repeat(101)]) {
        const res = await call(server, owner, 'GET', `/api/v1/acc/hubs?${q(id)}`);
        expect([res.statusCode, res.json().error.code]).toEqual([400, 'validation_failed']);
      }
    });

    async function sessionRow(id: string) {
      const db = server.database.db as Database;
      const result = (await db.execute(
        sql`select created_at from acc_sessions where id = ${id}`,
      )) as unknown as { rows: { created_at: string }[] };
      return result.rows[0] ?? null;
    }

    it("deletes the caller's own ACC session on the clean-up route (spec 1 §4), idempotently, 204 for an unknown one", async () => {
      const mine = 'cleanup-route-session-0123456789';
      expect((await connect(mine)).statusCode).toBe(302);
      expect(await sessionRow(mine)).not.toBeNull();
      // Someone else cannot remove it: their call answers alike and the row stays.
      const other = await signUp(server, 'Olga Other');
      const foreign = await call(server, other, 'DELETE', `/api/v1/acc/sessions/${mine}?reason=page_unload`);
      expect(foreign.statusCode).toBe(204);
      expect(await sessionRow(mine)).not.toBeNull();

      for (const reason of ['page_unload', 'page_unload', 'navigation']) {
        const res = await call(server, owner, 'DELETE', `/api/v1/acc/sessions/${mine}?reason=${reason}`);
        expect(res.statusCode).toBe(204);
        expect(await sessionRow(mine)).toBeNull();
      }
      expect((await call(server, owner, 'GET', `/api/v1/acc/sessions/${mine}`)).json().status).toBe(
        'invalid',
      );
      const unknown = await call(
        server,
        owner,
        'DELETE',
        '/api/v1/acc/sessions/never-seen-session?reason=error',
      );
      expect(unknown.statusCode).toBe(204);
      const badReason = await call(server, owner, 'DELETE', `/api/v1/acc/sessions/${mine}?reason=whatever`);
      expect(badReason.statusCode).toBe(400);
      expect((await call(server, null, 'DELETE', `/api/v1/acc/sessions/${mine}`)).statusCode).toBe(401);
    });

    it('cleans a session up on its one-hour timer (spec 1 §4): a job held an hour, which spares a restarted sign-in', async () => {
      const id = 'timer-session-0123456789abcdef';
      const db = server.database.db as Database;
      const timers = async () =>
        (
          (await db.execute(
            sql`select id, state, extract(epoch from start_after - created_on)::int as delay from pgboss.job where name = 'acc.session-cleanup' and data->>'sessionId' = ${id} order by created_on`,
          )) as unknown as { rows: { id: string; state: string; delay: number }[] }
        ).rows;
      expect((await connect(id)).statusCode).toBe(302);
      const [first] = await timers();
      // Held for exactly the hour, not run yet: the session is there.
      expect(first).toMatchObject({ state: 'created', delay: 3600 });
      expect(await sessionRow(id)).not.toBeNull();

      // The same browser session signs in again later: a new start, a timer of its own.
      server.clock.advance(5 * 60_000);
      expect((await connect(id)).statusCode).toBe(302);
      const both = await timers();
      expect(both).toHaveLength(2);
      const second = both[1] as { id: string };

      // The first hour passes (the job's own start moved to now): it spares the restarted sign-in.
      await db.execute(sql`update pgboss.job set start_after = now() where id = ${first?.id}`);
      await eventually(async () => (await timers())[0]?.state === 'completed');
      expect(await sessionRow(id)).not.toBeNull();

      await db.execute(sql`update pgboss.job set start_after = now() where id = ${second.id}`);
      // The job deletes the row, then pg-boss marks it done: wait for the second, then look at the first.
      await eventually(async () => (await timers())[1]?.state === 'completed');
      expect(await sessionRow(id)).toBeNull();
    });
  });
}
