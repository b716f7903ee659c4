import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAccProjectsJob } from '../src/jobs/acc-sync';
import { registerAccHooksJob } from '../src/modules/acc/jobs';
import { connectAcc } from './support/acc-connect';
import { type ApsStandin, startApsStandin } from './support/aps-standin';
import { testBackends } from './support/backends';
import { sharedDir } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Issue 30 item 5, webhook path (decision 0360): Autodesk's dm.version.added hooks on the folders of a
// project's linked files, created through the real APS client against the loopback stand-in, which
// calls back PUBLIC_URL (a loopback relay into the test server) with a signed body when a version is
// published. Expected hook ids and secrets come from the stand-in and from HMAC computed here.
const CLIENT = { id: 'standin-client-id', secret: 'standin-client-secret-0123456789' };
const SESSION_SECRET = 'test-secret-that-is-long-enough-0123456789';
const HOUR = 3_600_000;
const STANDIN_HOOKS_PATH = '/webhooks/v1/systems/data/events/dm.version.added/hooks';

/** The secret a hook should carry: HMAC-SHA256(SESSION_SECRET, "aps-hook:<id>") as the server documents it. */
const secretOf = (hookId: string) =>
  createHmac('sha256', SESSION_SECRET).update(`aps-hook:${hookId}`).digest('base64url');

interface FileRow {
  id: string;
  name: string;
  status: string;
  version_count: number;
}

const [backend] = testBackends();
if (!backend) throw new Error('no test backend');

describe('ACC versions without a click: APS webhooks', { timeout: 600_000 }, () => {
  let server: TestServer;
  let standin: ApsStandin;
  let owner: Session;
  let relay: Server;
  let projectId = '';
  const callbackUrl = 'http://app.plumbline.test/api/v1/acc/callback';

  beforeAll(async () => {
    // PUBLIC_URL must be known before the server starts: a loopback relay that hands requests to it.
    relay = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const answer = await server.app.inject({
        method: req.method as 'POST',
        url: req.url ?? '/',
        headers: req.headers,
        payload: Buffer.concat(chunks),
      });
      res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? '') });
      res.end(answer.rawPayload);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const publicUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    standin = await startApsStandin({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      callbackUrl,
      samplesDir: `${sharedDir}/ifc-samples`,
    });
    server = await startTestServer(backend, {
      BILLING: 'off',
      PUBLIC_URL: publicUrl,
      APS_CLIENT_ID: CLIENT.id,
      APS_CLIENT_SECRET: CLIENT.secret,
      APS_CALLBACK_URL: callbackUrl,
      APS_BASE_URL: standin.url,
    });
    owner = await signUp(server, 'Robin Hooks');
  });

  afterAll(async () => {
    await server?.stop();
    await standin?.close();
    await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  });

  async function files(): Promise<FileRow[]> {
    return (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles`)).json().bim_files;
  }
  const walls = async () => (await files()).find((f) => f.name === 'Harbour Walls.ifc') as FileRow;
  async function hookRows(): Promise<{ folder_id: string; hook_id: string }[]> {
    const result = (await server.database.db.execute(
      sql`select folder_id, hook_id from acc_version_hooks where project_id = ${projectId}`,
    )) as unknown as { rows: { folder_id: string; hook_id: string }[] };
    return result.rows;
  }

  /** The Harbour Tower project's files as the import lists them for a signed-in session. */
  async function harbourFiles(sessionId: string): Promise<{ id: string; name: string }[]> {
    const listed = await call(
      server,
      owner,
      'GET',
      `/api/v1/acc/hubs/b.hub-acc/projects/b.proj-harbour/all-files?oauth_session_id=${sessionId}`,
    );
    return listed.json().files as { id: string; name: string }[];
  }

  it('registers one signed dm.version.added hook on the folder of the linked file when the project is created', async () => {
    const sessionId = 'hooks-session-0123456789abcdef';
    expect((await connectAcc(server, owner, standin, callbackUrl, sessionId)).statusCode).toBe(302);
    const listed = await harbourFiles(sessionId);
    const created = await call(server, owner, 'POST', '/api/v1/projects/from-acc', {
      projectName: 'Harbour Hooks',
      projectDescription: '',
      accHubId: 'b.hub-acc',
      accProjectUrnId: 'b.proj-harbour',
      temporaryAccSessionId: sessionId,
      selectedFileIds: [listed.find((f) => f.name === 'Harbour Walls.ifc')?.id],
    });
    expect(created.statusCode).toBe(201);
    projectId = created.json().project_id;
    await eventually(async () => (await walls())?.status === 'completed');
    const hooks = await eventually(async () => {
      const list = standin.hooks();
      return list.length === 1 && list[0]?.token ? list : false;
    });
    const hook = hooks[0] as (typeof hooks)[number];
    // The Models folder (the stand-in's item sits there), a callback at PUBLIC_URL, the hook's own secret.
    expect(hook.callbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/acc\/aps-events$/);
    expect(hook.hubId).toBe('b.hub-acc');
    expect(hook.projectId).toBe('b.proj-harbour');
    expect(hook.token).toBe(secretOf(hook.hookId));
    expect(await hookRows()).toEqual([{ folder_id: hook.folderId, hook_id: hook.hookId }]);
  });

  it('a version published in ACC is fetched and checked without a click', async () => {
    const before = await walls();
    await standin.publishVersion('Harbour Walls.ifc');
    expect(standin.callbacks().at(-1)?.status).toBe(200);
    const after = await eventually(async () => {
      const file = await walls();
      return file.version_count === before.version_count + 1 && file.status === 'completed' && file;
    });
    expect(after.status).toBe('completed');
  });

  it('refuses a callback whose signature does not verify, or from an unknown hook, and a body that is not one', async () => {
    const [hook] = standin.hooks();
    const body = JSON.stringify({
      hook: { hookId: hook?.hookId, event: 'dm.version.added' },
      payload: { lineageUrn: 'urn:x', source: 'urn:y', version: 9 },
    });
    const post = (payload: string, signature?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/acc/aps-events',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-adsk-signature': signature } : {}),
        },
        payload,
      });
    const sign = (text: string, key: string) =>
      `sha1hash=${createHmac('sha1', key).update(text).digest('hex')}`;
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, sign(body, 'not-the-secret'))).statusCode).toBe(401);
    const stranger = body.replace(String(hook?.hookId), 'hook-unknown');
    expect((await post(stranger, sign(stranger, secretOf('hook-unknown')))).statusCode).toBe(401);
    expect((await post('not json', 'sha1hash=00')).statusCode).toBe(400);
    const good = await post(body, sign(body, secretOf(hook?.hookId as string)));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true, queued: true });
  });

  it('renews on schedule: a hook Autodesk lost is created anew', async () => {
    const [old] = standin.hooks();
    standin.dropHooks();
    await server.queue.send(registerAccHooksJob, {});
    const renewed = await eventually(async () => {
      const list = standin.hooks();
      return list.length === 1 && list[0]?.token ? list : false;
    });
    expect(renewed[0]?.hookId).not.toBe(old?.hookId);
    expect(renewed[0]?.folderId).toBe(old?.folderId);
    await eventually(async () => (await hookRows())[0]?.hook_id === renewed[0]?.hookId);
    // And a version published now arrives through the new hook.
    const before = await walls();
    await standin.publishVersion('Harbour Walls.ifc');
    await eventually(async () => (await walls()).version_count === before.version_count + 1);
  });

  /** Runs the hook registration of one project and waits for pg-boss to settle the job. */
  async function registerHooks(): Promise<string> {
    const id = await server.queue.send(registerAccHooksJob, { projectId });
    return eventually(async () => {
      const result = (await server.database.db.execute(
        sql`select state from pgboss.job where id = ${id}`,
      )) as unknown as { rows: { state: string }[] };
      const state = result.rows[0]?.state;
      return state !== undefined && !['created', 'active'].includes(state) && state;
    });
  }
  const hookPosts = () =>
    standin.requests.filter((r) => r.method === 'POST' && r.path === STANDIN_HOOKS_PATH).length;

  it('takes over a hook Autodesk already has (409) when its row here was lost, from the answer or the list', async () => {
    const [hook] = standin.hooks();
    if (!hook) throw new Error('no hook registered');
    // Autodesk's 409 names the existing hook; without those details the folder's hooks are listed.
    for (const details of [true, false]) {
      standin.conflictDetails(details);
      await server.database.db.execute(sql`delete from acc_version_hooks where project_id = ${projectId}`);
      const posts = hookPosts();
      expect(await registerHooks()).toBe('completed');
      expect(hookPosts()).toBe(posts + 1); // one create, answered 409 by the stand-in
      expect(await hookRows()).toEqual([{ folder_id: hook.folderId, hook_id: hook.hookId }]);
      // Still the one hook, renewed with its secret and active.
      expect(standin.hooks()).toEqual([{ ...hook, token: secretOf(hook.hookId), status: 'active' }]);
    }
    standin.conflictDetails(true);
  });

  it('a second project linked to a file of the same folder shares the hook, and its callback reaches both', async () => {
    const [hook] = standin.hooks();
    if (!hook) throw new Error('no hook registered');
    const sessionId = 'hooks-session-second-0123456789';
    expect((await connectAcc(server, owner, standin, callbackUrl, sessionId)).statusCode).toBe(302);
    const listed = await harbourFiles(sessionId);
    const posts = hookPosts();
    const created = await call(server, owner, 'POST', '/api/v1/projects/from-acc', {
      projectName: 'Harbour Hooks Twin',
      projectDescription: '',
      accHubId: 'b.hub-acc',
      accProjectUrnId: 'b.proj-harbour',
      temporaryAccSessionId: sessionId,
      selectedFileIds: [listed.find((f) => f.name === 'Harbour Walls.ifc')?.id],
    });
    expect(created.statusCode).toBe(201);
    const twinId = created.json().project_id as string;
    const twinWalls = async () =>
      (
        (await call(server, owner, 'GET', `/api/v1/projects/${twinId}/bimfiles`)).json()
          .bim_files as FileRow[]
      ).find((f) => f.name === 'Harbour Walls.ifc') as FileRow;
    await eventually(async () => (await twinWalls())?.status === 'completed');
    // Its registration asked Autodesk for a hook on the same folder, got 409 and took the existing one.
    const rows = await eventually(async () => {
      const result = (await server.database.db.execute(
        sql`select project_id, hook_id from acc_version_hooks where folder_id = ${hook.folderId} order by project_id`,
      )) as unknown as { rows: { project_id: string; hook_id: string }[] };
      return result.rows.length === 2 && result.rows;
    });
    expect(rows.map((r) => r.hook_id)).toEqual([hook.hookId, hook.hookId]);
    expect(rows.map((r) => r.project_id).sort()).toEqual([projectId, twinId].sort());
    expect(hookPosts()).toBe(posts + 1);
    expect(standin.hooks()).toHaveLength(1);

    // One callback, both projects' imports.
    const mine = await walls();
    const twin = await twinWalls();
    await standin.publishVersion('Harbour Walls.ifc');
    expect(standin.callbacks().at(-1)).toEqual({ hookId: hook.hookId, status: 200 });
    await eventually(async () => (await walls()).version_count === mine.version_count + 1);
    await eventually(async () => (await twinWalls()).version_count === twin.version_count + 1);
  });

  it('without a hook the next scheduled sync (polling) imports the new version', async () => {
    const count = async () => {
      const result = (await server.database.db.execute(
        sql`select count(*)::int as n from file_versions v join bim_files f on f.id = v.bim_file_id
            where f.project_id = ${projectId} and f.name = 'Harbour Walls.ifc'`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    };
    const before = await count();
    // Autodesk forgot the hook and nothing renewed it yet: the version comes with no callback.
    standin.dropHooks();
    await server.database.db.execute(sql`delete from acc_version_hooks where project_id = ${projectId}`);
    const callbacks = standin.callbacks().length;
    standin.addVersion('Harbour Walls.ifc');
    // The schedule, triggered by hand on the test clock: a day after the last sync the project is due.
    server.clock.advance(25 * HOUR);
    await server.queue.send(syncAccProjectsJob, {});
    await eventually(async () => (await count()) === before + 1);
    expect(standin.callbacks().length).toBe(callbacks);
  });
});
