import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWriteJob } from '../src/modules/audit/jobs';
import { listProjectAuditEntries } from '../src/modules/audit/repo';
import { testBackends } from './support/backends';
import { call, eventually, signUp, startTestServer, type TestServer } from './support/server';

function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Plumbline SPA</title>');
  writeFileSync(join(dir, 'assets', 'app-3f2a1b.js'), 'console.log("app")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

for (const backend of testBackends()) {
  describe(`platform (${backend.name})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(backend, { WEB_DIST_DIR: builtWebApp() });
      // A route that fails the way a bug would, registered before the app starts serving.
      server.app.get('/api/v1/test/crash', { config: { access: 'public' } }, async () => {
        throw new Error('secret connection string postgres://user:pw@db');
      });
    });
    afterAll(async () => server?.stop());

    it('reports health: database up with latency, its kind, and the queue', async () => {
      const response = await call(server, null, 'GET', '/api/v1/health');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        status: 'ok',
        database: { status: 'up', kind: backend.name },
        queue: { status: 'up', inProcessWorker: true },
      });
      expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
      expect(body.queue.queued).toBeGreaterThanOrEqual(0);
    });

    it('runs its queries without parallel workers, whatever the server is set to (decision 0199)', async () => {
      const shown = (await server.database.db.execute(
        sql`select current_setting('max_parallel_workers_per_gather') as workers`,
      )) as unknown as { rows: { workers: string }[] };
      expect(shown.rows[0]?.workers).toBe('0');
    });

    it('runs a job sent to the queue with the in-process worker (audit.write round trip)', async () => {
      const owner = await signUp(server, 'Queue Tester');
      const created = await call(server, owner, 'POST', '/api/v1/projects', { name: 'Queue Quay' });
      const projectId = created.json().project.id as string;
      const jobId = await server.queue.send(auditWriteJob, {
        actorId: owner.userId,
        projectId,
        action: 'test.sent_directly',
        targetType: 'project',
        targetId: projectId,
        details: { note: 'round trip' },
        at: new Date().toISOString(),
      });
      const entry = await eventually(async () =>
        (await listProjectAuditEntries(server.database.db, projectId)).find(
          (row) => row.action === 'test.sent_directly',
        ),
      );
      expect(entry).toMatchObject({ jobId, actorId: owner.userId, details: { note: 'round trip' } });
      const [job] = await eventually(async () => {
        const jobs = (await server.queue.findJobs('audit.write')).filter(
          (j) => j.id === jobId && j.state === 'completed',
        );
        return jobs.length ? jobs : null;
      });
      expect(job?.state).toBe('completed');
    });

    it('rejects a job whose payload does not match its schema before it reaches the queue', async () => {
      await expect(
        server.queue.send(auditWriteJob, { action: '' } as unknown as Parameters<
          typeof server.queue.send
        >[1]),
      ).rejects.toThrow();
    });

    it('answers an unexpected error with a generic 500 and the request id, never the details', async () => {
      const response = await call(server, null, 'GET', '/api/v1/test/crash');
      expect(response.statusCode).toBe(500);
      const { error } = response.json();
      expect(error.code).toBe('internal_error');
      expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('at ');
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const response = await call(server, null, 'GET', '/api/not-here');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not_found', messageId: 'error.not_found', message: 'Not found' },
      });
    });

    it('publishes the OpenAPI document with every route, and the docs page', async () => {
      const response = await call(server, null, 'GET', '/api/docs/json');
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      const routes = Object.entries(document.paths as Record<string, object>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(routes).toEqual(
        expect.arrayContaining([
          'GET /api/v1/health',
          'POST /api/v1/auth/signup',
          'POST /api/v1/auth/login',
          'POST /api/v1/auth/logout',
          'GET /api/v1/auth/me',
          'GET /api/v1/projects',
          'POST /api/v1/projects',
          'GET /api/v1/projects/{projectId}',
          'PATCH /api/v1/projects/{projectId}',
          'DELETE /api/v1/projects/{projectId}',
          'GET /api/v1/projects/{projectId}/bimfiles',
          'GET /api/v1/projects/{projectId}/members',
          'POST /api/v1/projects/{projectId}/members',
          'PATCH /api/v1/projects/{projectId}/members/{userId}',
          'DELETE /api/v1/projects/{projectId}/members/{userId}',
          'GET /api/v1/team-members-all',
        ]),
      );
      const createBody =
        document.paths['/api/v1/projects'].post.requestBody.content['application/json'].schema;
      expect(createBody.properties.name.maxLength).toBe(255);
      const docsPage = await call(server, null, 'GET', '/api/docs/');
      expect(docsPage.statusCode).toBe(200);
      expect(docsPage.headers['content-type']).toContain('text/html');
    });

    it('serves the web app: hashed assets cached for a year, any other page path gets index.html', async () => {
      const asset = await call(server, null, 'GET', '/assets/app-3f2a1b.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/', '/dashboard/projects/123/settings?tab=integrations', '/login']) {
        const page = await call(server, null, 'GET', path);
        expect(page.statusCode, path).toBe(200);
        expect(page.body).toContain('Plumbline SPA');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const icon = await call(server, null, 'GET', '/favicon.svg');
      expect(icon.headers['cache-control']).toBe('no-cache');
      expect((await call(server, null, 'POST', '/somewhere')).statusCode).toBe(404);
    });
  });
}
