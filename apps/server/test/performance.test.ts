import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import {
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

// Issue 13: the admin-only Performance Settings change how many jobs this process runs at once,
// without a restart, and processing goes on under the new workers.
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');

for (const backend of testBackends()) {
  describe.skipIf(simpleWall === null)(`Performance Settings (${backend.name})`, () => {
    let server: TestServer;
    let admin: Session;
    let member: Session;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      admin = await signUp(server, 'Ada Admin'); // the installation's first account is its admin
      member = await signUp(server, 'Max Member');
    });

    it('lets only an admin read and change them, within 1 to 4', async () => {
      expect((await call(server, member, 'GET', '/api/v1/admin/performance')).statusCode).toBe(403);
      const current = await call(server, admin, 'GET', '/api/v1/admin/performance');
      expect(current.json()).toEqual({ processing_concurrency: 1, report_concurrency: 1 });
      const tooMany = await call(server, admin, 'PUT', '/api/v1/admin/performance', {
        processing_concurrency: 5,
        report_concurrency: 1,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(
        (
          await call(server, member, 'PUT', '/api/v1/admin/performance', {
            processing_concurrency: 2,
            report_concurrency: 1,
          })
        ).statusCode,
      ).toBe(403);
    });

    it("applies a change to this process's workers at once, and processing goes on", async () => {
      expect(server.queue.concurrencyOf('bimfile.process')).toBe(1);
      const res = await call(server, admin, 'PUT', '/api/v1/admin/performance', {
        processing_concurrency: 3,
        report_concurrency: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(server.queue.concurrencyOf('bimfile.process')).toBe(3);
      expect(server.queue.concurrencyOf('report.generate')).toBe(2);
      expect((await call(server, admin, 'GET', '/api/v1/admin/performance')).json()).toEqual({
        processing_concurrency: 3,
        report_concurrency: 2,
      });
      const project = (await call(server, admin, 'POST', '/api/v1/projects', { name: 'Busy' })).json().project
        .id;
      const uploaded = await upload(
        server,
        admin,
        `/api/v1/projects/${project}/bimfiles`,
        'wall.ifc',
        simpleWall as Buffer,
      );
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const fileId = uploaded.json().bim_file.id;
      await eventually(async () => {
        const status = (
          await call(server, admin, 'GET', `/api/v1/projects/${project}/bimfiles/${fileId}/status`)
        ).json();
        return status.status === 'completed';
      });
    });
  });
}
