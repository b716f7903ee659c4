import { parseIds } from '@plumbline/ids';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireWaiversJob } from '../src/modules/waivers';
import { rowsOf } from '../src/platform/db';
import { testBackend } from './support/backends';
import { uploadIds, uploadProcessed } from './support/processed-model';
import { sharedFile } from './support/samples';
import {
  advanceAndSignIn,
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');
const haveSamples = windowsIfc !== null && windowsIds !== null && simpleWall !== null;

/**
 * Decision 0452: the project, files, overview, specifications and file compliance answers are kept by
 * the project's revision. Each write below changes what one of them says; the next read must say it.
 * Expected values come from what the test wrote (a name, a member, a second IDS whose specifications
 * the engine's own reader counts), never from the answers before the write.
 */
describe.skipIf(!haveSamples)('kept project answers never go stale', () => {
  let server: TestServer;
  let owner: Session;
  let colleague: Session;
  let projectId: string;
  let fileId: string;
  let firstVersionId: string;
  testServerForBlock(testBackend(), (s) => {
    server = s;
  });

  const urls = () => ({
    project: `/api/v1/projects/${projectId}`,
    files: `/api/v1/projects/${projectId}/bimfiles`,
    overview: `/api/v1/projects/${projectId}/overview`,
    specifications: `/api/v1/projects/${projectId}/ids/specifications`,
    compliance: `/api/v1/projects/${projectId}/bimfiles/${fileId}/compliance`,
  });

  // biome-ignore lint/suspicious/noExplicitAny: answers read field by field below
  async function read(session: Session | null, route: keyof ReturnType<typeof urls>): Promise<any> {
    const response = await call(server, session, 'GET', urls()[route]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json();
  }

  async function readAll(session: Session | null = owner) {
    return {
      project: await read(session, 'project'),
      files: await read(session, 'files'),
      overview: await read(session, 'overview'),
      specifications: await read(session, 'specifications'),
      compliance: await read(session, 'compliance'),
    };
  }

  /** The file's newest version processed and any re-check of it settled. */
  async function settled() {
    await eventually(async () => {
      const files = (await read(owner, 'files')).bim_files as Array<{ status: string; rechecking: boolean }>;
      return files.every((f) => (f.status === 'completed' || f.status === 'failed') && !f.rechecking);
    });
  }

  beforeAll(async () => {
    owner = await signUp(server, 'Kept Owner');
    colleague = await signUp(server, 'Kept Colleague');
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Kept' })).json().project.id;
    await uploadIds(server, owner, projectId, 'windows.ids', windowsIds as Buffer);
    ({ fileId, versionId: firstVersionId } = await uploadProcessed(
      server,
      owner,
      projectId,
      'windows.ifc',
      windowsIfc as Buffer,
    ));
    await settled();
  }, 300_000);

  it('answers a repeated read from what it kept, and the revision is what refreshes it', async () => {
    const before = await readAll();
    expect(await readAll()).toEqual(before);
    // A change that raises no revision (triggers off for this one statement, as nothing in the app
    // does) is not seen: the answer was kept, not asked again.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update projects set name = 'Unseen' where id = ${projectId}`);
    });
    expect((await read(owner, 'project')).project.name).toBe('Kept');
    // The same change made as the app makes it raises the revision: seen at once.
    await server.database.db.execute(sql`update projects set name = 'Seen' where id = ${projectId}`);
    expect((await read(owner, 'project')).project.name).toBe('Seen');
    expect((await read(owner, 'overview')).project.name).toBe('Seen');
  });

  it('a rename is read at once', async () => {
    await readAll();
    const renamed = await call(server, owner, 'PATCH', `/api/v1/projects/${projectId}`, { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(owner, 'project')).project.name).toBe('Renamed');
    expect((await read(owner, 'overview')).project.name).toBe('Renamed');
  });

  it('a member added reads the project; a member removed is refused at once', async () => {
    const before = await readAll();
    expect(before.project.project.teamMembersCount).toBe(1);
    expect((await call(server, colleague, 'GET', urls().project)).statusCode).toBe(404);
    const added = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
      email: colleague.email,
      role: 'Viewer',
    });
    expect(added.statusCode, added.body).toBe(201);
    const owners = await readAll();
    expect(owners.project.project.teamMembersCount).toBe(2);
    expect(owners.overview.cards.team_members).toBe(2);
    // The colleague's answers: the project as a Viewer sees it (its role, not the owner's kept one).
    const theirs = await readAll(colleague);
    expect(theirs.project.project.role).toBe('Viewer');
    expect(owners.project.project.role).toBe('Admin');
    expect(theirs.compliance).toEqual(owners.compliance);
    const removed = await call(
      server,
      owner,
      'DELETE',
      `/api/v1/projects/${projectId}/members/${colleague.userId}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    for (const url of Object.values(urls())) {
      expect((await call(server, colleague, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await read(owner, 'project')).project.teamMembersCount).toBe(1);
    expect((await read(owner, 'overview')).cards.team_members).toBe(1);
  });

  it('a second IDS is listed at once and, once re-checked, counted in the file compliance', async () => {
    const specsPerFile = parseIds(windowsIds as Buffer).specifications.length;
    const before = await readAll();
    expect(before.specifications.specifications).toHaveLength(specsPerFile);
    expect(before.compliance.total_specifications).toBe(specsPerFile);
    await uploadIds(server, owner, projectId, 'windows-again.ids', windowsIds as Buffer);
    const listed = await read(owner, 'specifications');
    expect(listed.specifications).toHaveLength(2 * specsPerFile);
    expect(new Set(listed.specifications.map((s: { ids_file_name: string }) => s.ids_file_name))).toEqual(
      new Set(['windows.ids', 'windows-again.ids']),
    );
    await eventually(async () => (await read(owner, 'compliance')).total_specifications === 2 * specsPerFile);
    await settled();
    const after = await readAll();
    expect(after.compliance.applicable_pairs).toBe(2 * before.compliance.applicable_pairs);
    expect(after.overview.cards.total_validation_pairs).toBe(
      2 * before.overview.cards.total_validation_pairs,
    );
  });

  it('a new version is read at once: files, overview, project and the file compliance', async () => {
    const before = await readAll();
    const file = before.files.bim_files.find((f: { id: string }) => f.id === fileId);
    expect(file.version_count).toBe(1);
    expect(before.compliance.version_id).toBe(firstVersionId);
    const { versionId } = await uploadProcessed(
      server,
      owner,
      projectId,
      'windows.ifc',
      windowsIfc as Buffer,
    );
    await settled();
    const after = await readAll();
    expect(after.files.bim_files.find((f: { id: string }) => f.id === fileId).version_count).toBe(2);
    expect(after.compliance.version_id).toBe(versionId);
    expect(after.overview.files.find((f: { id: string }) => f.id === fileId).latest_version_id).toBe(
      versionId,
    );
    expect(after.project.project.totalSizeBytes).toBe(2 * before.project.project.totalSizeBytes);
  });

  it('an approved waiver is read at once, and so is its lapse', async () => {
    const editor = await signUp(server, 'Kept Editor');
    const added = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
      email: editor.email,
      role: 'Editor',
    });
    expect(added.statusCode, added.body).toBe(201);
    type Row = { specification_id: string; waived: number; warning: number; failed: number };
    const bySpec = (answer: { specifications: Row[] }) =>
      new Map(answer.specifications.map((r) => [r.specification_id, r]));
    const before = await readAll();
    const failing = before.compliance.specifications.find((r: Row) => r.failed + r.warning > 0) as Row;
    expect(failing, 'the sample fails at least one specification').toBeDefined();
    expect(failing.waived).toBe(0);
    // Every failure of that specification on this file, waived by an Editor and approved by an Admin.
    const day = 24 * 60 * 60 * 1000;
    const requested = await call(server, editor, 'POST', `/api/v1/projects/${projectId}/waivers`, {
      file_id: fileId,
      specification_id: failing.specification_id,
      scope: 'specification',
      reason: 'Agreed with the client',
      expires_on: new Date(server.clock.now().getTime() + 30 * day).toISOString().slice(0, 10),
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const waiverId = requested.json().waiver.id as string;
    // A request alone changes no figure.
    expect(bySpec((await readAll()).compliance).get(failing.specification_id)).toEqual(failing);
    const approved = await call(
      server,
      owner,
      'POST',
      `/api/v1/projects/${projectId}/waivers/${waiverId}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const waived = bySpec((await readAll()).compliance).get(failing.specification_id);
    expect(waived).toMatchObject({ waived: failing.failed + failing.warning, failed: 0, warning: 0 });
    // The waiver lapses: the expiry job writes it, and the next read has the failures back.
    await server.database.db.execute(
      sql`update waivers set expires_at = ${new Date(server.clock.now().getTime() + day).toISOString()}::timestamptz
          where id = ${waiverId}`,
    );
    await advanceAndSignIn(server, 2 * day, [owner, editor]);
    await server.queue.send(expireWaiversJob, {});
    await eventually(async () => {
      const [row] = await rowsOf<{ state: string }>(
        server.database.db,
        sql`select state from waivers where id = ${waiverId}`,
      );
      return row?.state === 'expired';
    });
    expect(bySpec((await readAll()).compliance).get(failing.specification_id)).toEqual(failing);
  });

  it('a file left out of the project is left out at once', async () => {
    const wall = await uploadProcessed(server, owner, projectId, 'wall.ifc', simpleWall as Buffer);
    await settled();
    const before = await readAll();
    expect(before.overview.cards.bim_files).toBe(2);
    expect(before.project.project.filesCount).toBe(2);
    const put = await call(server, owner, 'PUT', `/api/v1/projects/${projectId}/file-selection`, {
      file_ids: [wall.fileId],
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await readAll();
    expect(after.overview.cards.bim_files).toBe(1);
    expect(after.overview.files.map((f: { id: string }) => f.id)).toEqual([wall.fileId]);
    expect(after.project.project.filesCount).toBe(1);
  });
});
