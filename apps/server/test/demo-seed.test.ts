import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER, type DemoSeedDeps, seedDemoProject } from '../src/modules/demo/service';
import { createLogger } from '../src/platform/logger';
import { testBackends } from './support/backends';
import {
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const idsPath = fileURLToPath(new URL('../src/modules/demo/demo.ids', import.meta.url));

interface Row {
  [key: string]: unknown;
}

for (const backend of testBackends()) {
  describe(`demo project seeding (${backend.name})`, () => {
    let server: TestServer;
    let deps: DemoSeedDeps;
    let demoId: string;
    let fileId: string;
    let privateId: string;
    let member: Session;

    const rows = async (query: ReturnType<typeof sql>) =>
      ((await server.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      deps = {
        db: server.database.db,
        clock: server.clock,
        storage: server.storage,
        jobs: server.queue,
        logger: createLogger('silent'),
        idsPath,
        // Small models keep the test quick; the shape is the demo's (four storeys, three issues).
        modelBytes: 400_000,
      };
      // A seeding that fails in its transaction (here: the queue refuses the job) leaves no rows and
      // removes every file it stored, so the next start tries again from scratch.
      const stored: string[] = [];
      const recording: DemoSeedDeps['storage'] = {
        putStream: (key, stream) => {
          stored.push(key);
          return server.storage.putStream(key, stream);
        },
        getStream: (key) => server.storage.getStream(key),
        delete: (key) => server.storage.delete(key),
        exists: (key) => server.storage.exists(key),
        move: (from, to) => server.storage.move(from, to),
      };
      const failingJobs: DemoSeedDeps['jobs'] = {
        send: async () => {
          throw new Error('queue unavailable');
        },
      };
      await expect(seedDemoProject({ ...deps, storage: recording, jobs: failingJobs })).rejects.toThrow(
        'queue unavailable',
      );
      expect(stored).toHaveLength(4);
      for (const key of stored) expect(await server.storage.exists(key)).toBe(false);
      expect(await rows(sql`select count(*)::int as n from projects`)).toEqual([{ n: 0 }]);
      expect(await rows(sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);

      // Two seedings at once, as two servers starting together would: exactly one project.
      const outcomes = await Promise.all([seedDemoProject(deps), seedDemoProject(deps)]);
      expect(outcomes.sort()).toEqual(['present', 'seeded']);
      member = await signUp(server, 'Member');
      privateId = (await call(server, member, 'POST', '/api/v1/projects', { name: 'Private Tower' })).json()
        .project.id;
    });

    it('creates one read-only Demo Office, visible without an account', async () => {
      const listed = await call(server, null, 'GET', '/api/v1/demo/projects');
      expect(listed.statusCode).toBe(200);
      const projects = listed.json().projects;
      expect(projects).toHaveLength(1);
      expect(projects[0]).toMatchObject({ name: 'Demo Office', isDemo: true, role: 'Viewer' });
      expect(projects[0].description).toMatch(/four-storey office/);
      demoId = projects[0].id;
      expect(await rows(sql`select count(*)::int as n from projects where is_demo`)).toEqual([{ n: 1 }]);
      // Only the winner's files are left in storage: one IDS, three model versions.
      const keys = await rows(
        sql`select storage_key from file_versions union all select storage_key from ids_files`,
      );
      expect(keys).toHaveLength(4);
      for (const { storage_key } of keys)
        expect(await server.storage.exists(storage_key as string)).toBe(true);
    });

    it('is idempotent: a later start finds the project and adds nothing', async () => {
      expect(await seedDemoProject(deps)).toBe('present');
      expect(await rows(sql`select count(*)::int as n from file_versions`)).toEqual([{ n: 3 }]);
    });

    it('processes three versions through the real pipeline, each with fewer gaps', async () => {
      const files = (await call(server, null, 'GET', `/api/v1/projects/${demoId}/bimfiles`)).json().bim_files;
      expect(files).toHaveLength(1);
      fileId = files[0].id;
      const versions = await eventually(async () => {
        const response = await call(
          server,
          null,
          'GET',
          `/api/v1/projects/${demoId}/bimfiles/${fileId}/versions`,
        );
        const list = response.json().versions as Array<{ status: string; version_tag: string }>;
        return list.every((v) => v.status === 'completed') && list;
      });
      expect(versions.map((v) => v.version_tag)).toEqual(['v3', 'v2', 'v1']);

      const ids = (await call(server, null, 'GET', `/api/v1/projects/${demoId}/idsfiles`)).json().ids_files;
      expect(ids).toHaveLength(1);
      expect(ids[0]).toMatchObject({ is_active: true, specifications_count: 11 });

      const results = await rows(sql`
        select v.version_number as version, count(*)::int as specs,
               sum(r.passed_count)::int as passed, sum(r.failed_count)::int as failed,
               count(*) filter (where r.status = 'pass')::int as specs_passed
        from specification_results r join file_versions v on v.id = r.file_version_id
        group by v.version_number order by v.version_number`);
      expect(results.map((r) => r.specs)).toEqual([11, 11, 11]);
      const failed = results.map((r) => r.failed as number);
      expect(failed[0]).toBeGreaterThan(failed[1] as number);
      expect(failed[1]).toBeGreaterThan(failed[2] as number);
      expect(failed[2]).toBeGreaterThan(0); // the demo still has gaps to show
      expect(results[0]?.specs_passed).toBeLessThan(results[2]?.specs_passed as number);
    });

    it('lets anyone read the demo files, IDS and team, and nobody read another project without an account', async () => {
      const versions = (
        await call(server, null, 'GET', `/api/v1/projects/${demoId}/bimfiles/${fileId}/versions`)
      ).json().versions;
      const reads = [
        `/api/v1/projects/${demoId}/bimfiles/${fileId}/status`,
        `/api/v1/projects/${demoId}/bimfiles/${fileId}/versions/${versions[0].id}/download`,
      ];
      for (const url of reads) expect((await call(server, null, 'GET', url)).statusCode).toBe(200);
      const idsFile = (await call(server, null, 'GET', `/api/v1/projects/${demoId}/idsfiles`)).json()
        .ids_files[0];
      const idsDownload = await call(
        server,
        null,
        'GET',
        `/api/v1/projects/${demoId}/idsfiles/${idsFile.id}/download`,
      );
      expect(idsDownload.statusCode).toBe(200);
      expect(idsDownload.body).toContain('Demo Office: stage 4 information requirements');

      const team = (await call(server, null, 'GET', `/api/v1/projects/${demoId}/members`)).json().data;
      expect(team).toHaveLength(1);
      expect(team[0]).toMatchObject({ projectRole: 'Admin', user: { name: DEMO_OWNER.fullName } });

      for (const suffix of ['bimfiles', 'idsfiles', 'members']) {
        const anonymous = await call(server, null, 'GET', `/api/v1/projects/${privateId}/${suffix}`);
        expect(anonymous.statusCode).toBe(401);
        expect(
          (await call(server, member, 'GET', `/api/v1/projects/${privateId}/${suffix}`)).statusCode,
        ).toBe(200);
      }
    });

    it('refuses changes to the demo project with the demo message', async () => {
      const add = await call(server, member, 'POST', `/api/v1/projects/${demoId}/members`, {
        email: member.email,
        role: 'Viewer',
      });
      expect(add.statusCode).toBe(403);
      expect(add.json().error).toEqual({
        code: 'demo_read_only',
        message: 'Demo data cannot be modified.',
        messageId: 'error.demo_read_only',
      });
      const ids = (await call(server, null, 'GET', `/api/v1/projects/${demoId}/idsfiles`)).json()
        .ids_files[0];
      const toggle = await call(server, member, 'PATCH', `/api/v1/projects/${demoId}/idsfiles/${ids.id}`, {
        is_active: false,
      });
      expect(toggle.statusCode).toBe(403);
    });

    it('has a system owner nobody can sign in as or invite, and who does not take the admin seat', async () => {
      const signIn = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: DEMO_OWNER.email, password: 'any password at all' },
      });
      expect(signIn.statusCode).toBe(401);
      const [owner] = await rows(sql`select is_system, role from users where email = ${DEMO_OWNER.email}`);
      expect(owner).toEqual({ is_system: true, role: 'user' });
      const me = await call(server, member, 'GET', '/api/v1/auth/me');
      expect(me.json().user.role).toBe('admin'); // the first person to sign up runs the installation
      const invite = await call(server, member, 'POST', `/api/v1/projects/${privateId}/members`, {
        email: DEMO_OWNER.email,
        role: 'Viewer',
      });
      // Answered like any address (no account enumeration), but the system account never joins: it is
      // only invited, and it can never sign in to accept.
      expect(invite.statusCode).toBe(201);
      const team = (await call(server, member, 'GET', `/api/v1/projects/${privateId}/members`)).json();
      expect(team.data.map((m: { user: { email: string } }) => m.user.email)).not.toContain(DEMO_OWNER.email);
      expect(team.invitations.map((i: { email: string }) => i.email)).toEqual([DEMO_OWNER.email]);
    });
  });
}
