import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFiles } from '@plumbline/ids/check-files';
import { runCli } from '@plumbline/ids/cli';
import { generateIfc } from '@plumbline/ifc-gen';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db';
import { testBackend } from './support/backends';
import { multipartBody, upload } from './support/multipart';
import {
  call,
  eventually,
  type Session,
  serverWithAccountsForBlock,
  type TestServer,
} from './support/server';

/**
 * Issue 32 item 3: API tokens. A token reaches what its owner's role reaches, within its scope (read <
 * write < admin), and a project token its project only; a revoked or expired token is a 401; the
 * secret is shown once and stored as its SHA-256.
 */

const backend = testBackend();

const DAY = 24 * 60 * 60 * 1000;
const demoIdsPath = fileURLToPath(new URL('../src/modules/demo/demo.ids', import.meta.url));

describe('API tokens', () => {
  let server: TestServer;
  let owner: Session;
  let viewer: Session;
  let projectId: string;
  let otherProjectId: string;
  let fileId: string;
  let ifc: Buffer;
  let modelPath: string;

  // The installation's first account (the operator) is its admin: the owner is not.
  serverWithAccountsForBlock(backend, ['Operator', 'Owner', 'Viewer'], (started, [, first, second]) => {
    server = started;
    owner = first;
    viewer = second;
  });

  beforeAll(async () => {
    modelPath = join(mkdtempSync(join(tmpdir(), 'plumbline-tokens-')), 'office.ifc');
    await generateIfc({ targetBytes: 60_000, seed: 3, out: modelPath });
    ifc = readFileSync(modelPath);
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Token Tower' })).json()
      .project.id;
    otherProjectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Other Yard' })).json()
      .project.id;
    await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
      email: viewer.email,
      role: 'Viewer',
    });
    const rules = await upload(
      server,
      owner,
      `/api/v1/projects/${projectId}/idsfiles`,
      'rules.ids',
      readFileSync(demoIdsPath),
    );
    expect(rules.statusCode, rules.body).toBe(201);
    const uploaded = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, 'office.ifc', ifc);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    fileId = uploaded.json().bim_file.id;
    await eventually(async () => {
      const status = (
        await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`)
      ).json();
      if (status.status === 'failed') throw new Error(status.error);
      return status.status === 'completed';
    });
  }, 180_000);

  async function personalToken(session: Session, scope: string, days = 30) {
    const res = await call(server, session, 'POST', '/api/v1/tokens', {
      name: `${scope} token`,
      scope,
      expires_in_days: days,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: { id: string; hint: string }; secret: string };
  }

  const as = (secret: string): Session => ({ token: secret, userId: '', email: '' });
  const errorCode = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;

  function uploadWith(secret: string, project = projectId) {
    const body = multipartBody('again.ifc', ifc);
    return server.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project}/bimfiles`,
      headers: { authorization: `Bearer ${secret}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  it('shows the secret once, stores only its SHA-256, and lists the token with its prefix hint', async () => {
    const { token, secret } = await personalToken(owner, 'read');
    expect(secret).toMatch(/^plb_pat_[A-Za-z0-9_-]{43}$/);
    expect(token.hint).toBe(secret.slice(0, 12));
    const [stored] = await rowsOf<Record<string, unknown>>(
      server.database.db,
      sql`select * from api_tokens where id = ${token.id}`,
    );
    expect(stored?.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(12));
    const listed = (await call(server, owner, 'GET', '/api/v1/tokens')).json().tokens;
    expect(listed.find((t: { id: string }) => t.id === token.id)).toMatchObject({
      kind: 'personal',
      scope: 'read',
      state: 'active',
      last_used_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('a read token reads results and is refused every write with 403', async () => {
    const { token, secret } = await personalToken(owner, 'read');
    const reads = [
      '/api/v1/projects',
      `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`,
      `/api/v1/projects/${projectId}/bimfiles/${fileId}/compliance`,
      `/api/v1/projects/${projectId}/overview`,
    ];
    for (const url of reads) expect((await call(server, as(secret), 'GET', url)).statusCode, url).toBe(200);
    const refusedUpload = await uploadWith(secret);
    expect(refusedUpload.statusCode).toBe(403);
    expect(errorCode(refusedUpload)).toBe('token_scope_insufficient');
    const rename = await call(server, as(secret), 'PATCH', `/api/v1/projects/${projectId}`, {
      name: 'Renamed',
    });
    expect(rename.statusCode).toBe(403);
    expect(errorCode(rename)).toBe('token_scope_insufficient');
    // Account changes need the admin scope; tokens are made and revoked by a signed-in person only.
    expect((await call(server, as(secret), 'PATCH', '/api/v1/profile', { company: 'X' })).statusCode).toBe(
      403,
    );
    const mint = await call(server, as(secret), 'POST', '/api/v1/tokens', {
      name: 'x',
      scope: 'admin',
      expires_in_days: 1,
    });
    expect(mint.statusCode).toBe(403);
    expect(errorCode(mint)).toBe('session_required');
    expect(errorCode(await call(server, as(secret), 'GET', '/api/v1/tokens'))).toBe('session_required');
    expect((await call(server, owner, 'GET', `/api/v1/projects/${projectId}`)).json().project.name).toBe(
      'Token Tower',
    );
    const listed = (await call(server, owner, 'GET', '/api/v1/tokens')).json().tokens;
    expect(listed.find((t: { id: string }) => t.id === token.id).last_used_at).not.toBeNull();
  });

  it("a write token uploads; its reach stays within the owner's role and scope", async () => {
    const write = await personalToken(owner, 'write');
    const uploaded = await uploadWith(write.secret);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // Adding members is an Admin's: the owner is one, the token's scope is not.
    const add = await call(server, as(write.secret), 'POST', `/api/v1/projects/${projectId}/members`, {
      email: 'someone@example.com',
      role: 'Viewer',
    });
    expect(add.statusCode).toBe(403);
    expect(errorCode(add)).toBe('token_scope_insufficient');
    // A Viewer's admin-scope token still has a Viewer's reach.
    const viewerAdmin = await personalToken(viewer, 'admin');
    const refused = await uploadWith(viewerAdmin.secret);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('editor_role_required');
    expect(
      (await call(server, as(viewerAdmin.secret), 'GET', `/api/v1/projects/${projectId}/overview`))
        .statusCode,
    ).toBe(200);
  });

  it('a project token reaches its project only, and only a project Admin makes one', async () => {
    const made = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/tokens`, {
      name: 'Pipeline',
      scope: 'write',
      expires_in_days: 7,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { secret, token } = made.json();
    expect(secret).toMatch(/^plb_prj_/);
    expect(token).toMatchObject({ kind: 'project', project_id: projectId, created_by: { id: owner.userId } });
    expect((await uploadWith(secret)).statusCode).toBe(201);
    const elsewhere = await call(server, as(secret), 'GET', `/api/v1/projects/${otherProjectId}/overview`);
    expect(elsewhere.statusCode).toBe(403);
    expect(errorCode(elsewhere)).toBe('token_project_only');
    expect(errorCode(await call(server, as(secret), 'GET', '/api/v1/projects'))).toBe('token_project_only');
    const byViewer = await call(server, viewer, 'POST', `/api/v1/projects/${projectId}/tokens`, {
      name: 'Mine',
      scope: 'read',
      expires_in_days: 7,
    });
    expect(byViewer.statusCode).toBe(403);
    const listed = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/tokens`)).json().tokens;
    expect(listed.map((t: { id: string }) => t.id)).toContain(token.id);
    expect((await call(server, viewer, 'GET', `/api/v1/projects/${projectId}/tokens`)).statusCode).toBe(403);
  });

  it('a revoked token and an expired token get 401', async () => {
    const revoked = await personalToken(owner, 'read');
    const url = `/api/v1/projects/${projectId}/overview`;
    expect((await call(server, as(revoked.secret), 'GET', url)).statusCode).toBe(200);
    const revoke = await call(server, owner, 'DELETE', `/api/v1/tokens/${revoked.token.id}`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().token).toMatchObject({ state: 'revoked' });
    expect((await call(server, as(revoked.secret), 'GET', url)).statusCode).toBe(401);
    // Someone else's token cannot be revoked through the personal route.
    const viewers = await personalToken(viewer, 'read');
    expect((await call(server, owner, 'DELETE', `/api/v1/tokens/${viewers.token.id}`)).statusCode).toBe(404);

    const expiring = await personalToken(owner, 'read', 1);
    expect((await call(server, as(expiring.secret), 'GET', url)).statusCode).toBe(200);
    server.clock.advance(DAY + 1000);
    expect((await call(server, as(expiring.secret), 'GET', url)).statusCode).toBe(401);
    const listed = (await call(server, owner, 'GET', '/api/v1/tokens')).json().tokens;
    expect(listed.find((t: { id: string }) => t.id === expiring.token.id).state).toBe('expired');
    // A token shaped like ours but unknown, and a token of another shape: 401 alike.
    expect((await call(server, as(`plb_pat_${'A'.repeat(43)}`), 'GET', url)).statusCode).toBe(401);
    expect((await call(server, as('plb_pat_short'), 'GET', url)).statusCode).toBe(401);
  });

  it('lets the CLI push a model version with a write token and gate on the verdict, as the engine gives it', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const run = async (argv: string[], token: string) => {
      let out = '';
      let err = '';
      const code = await runCli(argv, {
        stdout: { write: (chunk: string | Uint8Array) => (out += String(chunk)) },
        stderr: { write: (chunk: string) => (err += chunk) },
        env: { PLUMBLINE_TOKEN: token },
        cwd: process.cwd(),
      });
      return { code, out, err };
    };
    // The verdict the engine gives the same model against the same rules, by itself.
    const report = await checkFiles(modelPath, demoIdsPath);
    const expected = report.specifications.map(
      (spec) => `${spec.status === 'pass' ? 'PASS' : 'FAIL'}  ${spec.name}`,
    );
    const expectedCode = report.status === 'pass' ? 0 : 1;
    expect(report.specifications.some((spec) => spec.status === 'fail')).toBe(true);

    const made = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/tokens`, {
      name: 'CI',
      scope: 'write',
      expires_in_days: 1,
    });
    const ci = made.json().secret as string;
    const pushed = await run(['push', modelPath, '--url', url, '--project', projectId], ci);
    expect(pushed.code, pushed.err).toBe(expectedCode);
    const lines = pushed.out.split('\n').filter((line) => /^(PASS|FAIL) {2}/.test(line));
    expect(lines.map((line) => line.slice(0, line.indexOf(' (')))).toEqual(expected);

    const reader = (await personalToken(owner, 'read')).secret;
    const read = await run(['results', '--url', url, '--project', projectId, '--file', 'office.ifc'], reader);
    expect(read.code, read.err).toBe(expectedCode);
    const refused = await run(['push', modelPath, '--url', url, '--project', projectId], reader);
    expect(refused.code).toBe(5);
    expect(refused.err).toContain('403 (token_scope_insufficient');
    const usage = await run(['push', modelPath, '--url', url], ci);
    expect(usage.code).toBe(2);
  }, 180_000);
});
