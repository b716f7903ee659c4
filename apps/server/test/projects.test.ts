import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listProjectAuditEntries } from '../src/modules/audit/repo';
import { bimFiles, fileVersions } from '../src/schema';
import { testBackends } from './support/backends';
import {
  call,
  eventually,
  type Session,
  serverWithAccountsForBlock,
  type TestServer,
} from './support/server';

for (const backend of testBackends()) {
  describe(`projects, members and files (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let colleague: Session;

    serverWithAccountsForBlock(backend, ['Olivia Owner', 'Colin Colleague'], (started, accounts) => {
      server = started;
      [owner, colleague] = accounts;
    });

    async function createProject(session: Session, name: string, description?: string): Promise<string> {
      const response = await call(server, session, 'POST', '/api/v1/projects', { name, description });
      expect(response.statusCode).toBe(201);
      return response.json().project.id;
    }

    it('creates a project with trimmed fields; the creator is its Admin', async () => {
      const response = await call(server, owner, 'POST', '/api/v1/projects', { name: '  Harbour Bridge  ' });
      expect(response.statusCode).toBe(201);
      const { project } = response.json();
      expect(project).toMatchObject({
        name: 'Harbour Bridge',
        description: '',
        isActive: true,
        createdBy: owner.userId,
        role: 'Admin',
        filesCount: 0,
        elementsCount: 0,
        teamMembersCount: 1,
        totalSizeBytes: 0,
        lastProcessedAt: null,
      });
      const fetched = await call(server, owner, 'GET', `/api/v1/projects/${project.id}`);
      expect(fetched.json().project).toEqual(project);
    });

    it("lists only the caller's active projects, by name", async () => {
      const mine = await createProject(owner, 'Alpha Depot');
      const theirs = await createProject(colleague, 'Zulu Works');
      const list = (await call(server, owner, 'GET', '/api/v1/projects')).json().projects as Array<{
        id: string;
        name: string;
      }>;
      const ids = list.map((p) => p.id);
      expect(ids).toContain(mine);
      expect(ids).not.toContain(theirs);
      const names = list.map((p) => p.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    });

    it('edits name and description (PATCH) and keeps the other field', async () => {
      const id = await createProject(owner, 'Before', 'Original description');
      const renamed = await call(server, owner, 'PATCH', `/api/v1/projects/${id}`, { name: 'After' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().project).toMatchObject({ name: 'After', description: 'Original description' });
      const described = await call(server, owner, 'PATCH', `/api/v1/projects/${id}`, { description: '' });
      expect(described.json().project).toMatchObject({ name: 'After', description: '' });
    });

    it('manages members: add by e-mail, change role, remove; counts follow', async () => {
      const id = await createProject(owner, 'Team Tower');
      const added = await call(server, owner, 'POST', `/api/v1/projects/${id}/members`, {
        email: colleague.email.toUpperCase(),
        role: 'Viewer',
      });
      expect(added.statusCode).toBe(201);
      const joined = (await call(server, owner, 'GET', `/api/v1/projects/${id}/members`)).json().data;
      expect(joined.find((m: { userId: string }) => m.userId === colleague.userId)).toMatchObject({
        userId: colleague.userId,
        projectRole: 'Viewer',
        isOwner: false,
        user: { id: colleague.userId, name: 'Colin Colleague', email: colleague.email, avatar: null },
      });
      const again = await call(server, owner, 'POST', `/api/v1/projects/${id}/members`, {
        email: colleague.email,
        role: 'Editor',
      });
      expect(again.statusCode).toBe(409);
      const nobody = await call(server, owner, 'POST', `/api/v1/projects/${id}/members`, {
        email: 'no.one@example.com',
        role: 'Viewer',
      });
      // An address without an account is invited, answered like the added account (decision 0158).
      expect(nobody.statusCode).toBe(201);
      expect(Object.keys(nobody.json())).toEqual(Object.keys(added.json()));

      const members = (await call(server, colleague, 'GET', `/api/v1/projects/${id}/members`)).json().data;
      expect(members.map((m: { projectRole: string }) => m.projectRole).sort()).toEqual(['Admin', 'Viewer']);
      expect((await call(server, colleague, 'GET', `/api/v1/projects/${id}`)).json().project).toMatchObject({
        role: 'Viewer',
        teamMembersCount: 2,
      });

      const promoted = await call(
        server,
        owner,
        'PATCH',
        `/api/v1/projects/${id}/members/${colleague.userId}`,
        { role: 'Editor' },
      );
      expect(promoted.json().member.projectRole).toBe('Editor');
      const missing = await call(
        server,
        owner,
        'PATCH',
        `/api/v1/projects/${id}/members/${crypto.randomUUID()}`,
        { role: 'Editor' },
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Member not found');

      expect(
        (await call(server, owner, 'DELETE', `/api/v1/projects/${id}/members/${colleague.userId}`))
          .statusCode,
      ).toBe(204);
      expect((await call(server, colleague, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(404);
    });

    it("lists members across the caller's projects (team-members-all)", async () => {
      const id = await createProject(owner, 'Shared Site');
      await call(server, owner, 'POST', `/api/v1/projects/${id}/members`, {
        email: colleague.email,
        role: 'Editor',
      });
      const response = await call(server, colleague, 'GET', '/api/v1/team-members-all');
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as Array<{
        projectId: string;
        projectName: string;
        user: { id: string };
      }>;
      const shared = rows.filter((row) => row.projectId === id);
      expect(shared.map((row) => row.user.id).sort()).toEqual([owner.userId, colleague.userId].sort());
      expect(shared[0]?.projectName).toBe('Shared Site');
      // Nothing from projects the colleague is not in.
      const ownerOnly = await createProject(owner, 'Private Plot');
      const after = (await call(server, colleague, 'GET', '/api/v1/team-members-all')).json().data;
      expect(after.some((row: { projectId: string }) => row.projectId === ownerOnly)).toBe(false);
    });

    it('writes an audit entry for every change through the audit.write job', async () => {
      const id = await createProject(owner, 'Audited Annex');
      await call(server, owner, 'PATCH', `/api/v1/projects/${id}`, { name: 'Audited Annex II' });
      await call(server, owner, 'POST', `/api/v1/projects/${id}/members`, {
        email: colleague.email,
        role: 'Viewer',
      });
      await call(server, owner, 'PATCH', `/api/v1/projects/${id}/members/${colleague.userId}`, {
        role: 'Editor',
      });
      await call(server, owner, 'DELETE', `/api/v1/projects/${id}/members/${colleague.userId}`);
      const expected = [
        'project.created',
        'project.updated',
        'member.added',
        'member.role_changed',
        'member.removed',
      ];
      const entries = await eventually(async () => {
        const rows = await listProjectAuditEntries(server.database.db, id);
        return rows.length >= expected.length ? rows : null;
      });
      expect(entries.map((entry) => entry.action).sort()).toEqual([...expected].sort());
      const roleChange = entries.find((entry) => entry.action === 'member.role_changed');
      expect(roleChange).toMatchObject({
        actorId: owner.userId,
        targetId: colleague.userId,
        details: { before: { role: 'Viewer' }, after: { role: 'Editor' } },
      });
      expect(entries.every((entry) => entry.jobId)).toBe(true);
    });

    it('lists BIM files with their latest version and sizes, and project counts include them', async () => {
      const id = await createProject(owner, 'Model Yard');
      expect((await call(server, owner, 'GET', `/api/v1/projects/${id}/bimfiles`)).json()).toEqual({
        bim_files: [],
      });
      // The upload pipeline does not exist yet: store a file with two versions directly.
      const [file] = await server.database.db
        .insert(bimFiles)
        .values({ projectId: id, name: 'Tower.ifc', sourceFilename: 'Tower.ifc', createdBy: owner.userId })
        .returning();
      await server.database.db.insert(fileVersions).values([
        {
          bimFileId: file!.id,
          versionNumber: 1,
          versionTag: 'v1',
          status: 'completed',
          sizeBytes: 1000,
          sha256: 'a'.repeat(64),
          storageKey: 'k1',
          elementsCount: 10,
        },
        {
          bimFileId: file!.id,
          versionNumber: 2,
          versionTag: 'v2',
          status: 'processing',
          sizeBytes: 3000,
          sha256: 'b'.repeat(64),
          storageKey: 'k2',
          elementsCount: 25,
        },
      ]);
      const response = await call(server, owner, 'GET', `/api/v1/projects/${id}/bimfiles`);
      expect(response.statusCode).toBe(200);
      expect(response.json().bim_files).toEqual([
        expect.objectContaining({
          id: file!.id,
          name: 'Tower.ifc',
          source_filename: 'Tower.ifc',
          source_version_tag: 'v2',
          version_count: 2,
          latest_size_bytes: 3000,
          file_size_bytes: 3000,
          storage_size_bytes: 4000,
          total_size_bytes: 4000,
          elements_count: 25,
          status: 'processing',
        }),
      ]);
      const { project } = (await call(server, owner, 'GET', `/api/v1/projects/${id}`)).json();
      // Elements count the newest COMPLETED version (v1): v2 is still processing.
      expect(project).toMatchObject({ filesCount: 1, elementsCount: 10, totalSizeBytes: 4000 });
      const versions = await server.database.db
        .select()
        .from(fileVersions)
        .where(eq(fileVersions.bimFileId, file!.id));
      expect(versions).toHaveLength(2);
    });
  });
}
