import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { call, type Session, signUp, type TestServer, testServerForBlock } from './support/server';
import { snapshot } from './support/snapshot';

for (const backend of testBackends()) {
  describe(`demo project access (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let outsider: Session;
    let demoId: string;
    let privateId: string;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      [owner, outsider] = (await Promise.all([signUp(server, 'Owner'), signUp(server, 'Outsider')])) as [
        Session,
        Session,
      ];
      demoId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Demo Office' })).json().project
        .id;
      privateId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Private Tower' })).json()
        .project.id;
      await server.database.db.execute(sql`update projects set is_demo = true where id = ${demoId}`);
    });

    it('lists only the demo project to anyone, without an account', async () => {
      const listed = await call(server, null, 'GET', '/api/v1/demo/projects');
      expect(listed.statusCode).toBe(200);
      const projects = listed.json().projects;
      expect(projects.map((p: { name: string }) => p.name)).toEqual(['Demo Office']);
      expect(projects[0]).toMatchObject({ isDemo: true, role: 'Viewer' });
    });

    it('lets an anonymous caller read the demo project, and no other', async () => {
      const demo = await call(server, null, 'GET', `/api/v1/projects/${demoId}`);
      expect(demo.statusCode).toBe(200);
      expect(demo.json().project).toMatchObject({ name: 'Demo Office', isDemo: true, role: 'Viewer' });

      const other = await call(server, null, 'GET', `/api/v1/projects/${privateId}`);
      expect(other.statusCode).toBe(401);
      expect(other.body).not.toContain('Private Tower');
      const stranger = await call(server, outsider, 'GET', `/api/v1/projects/${privateId}`);
      expect(stranger.statusCode).toBe(404);
    });

    it('refuses every change to the demo project, even from its creator, and changes nothing', async () => {
      const before = await snapshot(server.database.db);
      for (const session of [owner, outsider]) {
        const edit = await call(server, session, 'PATCH', `/api/v1/projects/${demoId}`, { name: 'Hijacked' });
        expect(edit.statusCode).toBe(403);
        expect(edit.json().error).toEqual({
          code: 'demo_read_only',
          message: 'Demo data cannot be modified.',
          messageId: 'error.demo_read_only',
        });
      }
      const anonymous = await call(server, null, 'PATCH', `/api/v1/projects/${demoId}`, { name: 'Hijacked' });
      expect(anonymous.statusCode).toBe(401);
      expect(await snapshot(server.database.db)).toBe(before);
    });
  });
}
