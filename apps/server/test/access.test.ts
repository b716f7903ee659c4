import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { call, type Session, signUp, type TestServer, testServerForBlock } from './support/server';
import { snapshot } from './support/snapshot';

type Role = 'Viewer' | 'Editor' | 'Admin';
interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => unknown;
  minRole: Role;
}

for (const backend of testBackends()) {
  describe(`project access rules (${backend.name})`, () => {
    let server: TestServer;
    let admin: Session;
    let secondAdmin: Session;
    let editor: Session;
    let viewer: Session;
    let outsider: Session;
    let newcomer: Session;
    let projectId: string;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      [admin, secondAdmin, editor, viewer, outsider, newcomer] = (await Promise.all(
        ['Admin', 'Second Admin', 'Editor', 'Viewer', 'Outsider', 'Newcomer'].map((name) =>
          signUp(server, name),
        ),
      )) as [Session, Session, Session, Session, Session, Session];
      const created = await call(server, admin, 'POST', '/api/v1/projects', {
        name: 'Access Tower',
        description: 'Rules',
      });
      expect(created.statusCode).toBe(201);
      projectId = created.json().project.id;
      for (const [member, role] of [
        [secondAdmin, 'Admin'],
        [editor, 'Editor'],
        [viewer, 'Viewer'],
      ] as const) {
        const added = await call(server, admin, 'POST', `/api/v1/projects/${projectId}/members`, {
          email: member.email,
          role,
        });
        expect(added.statusCode).toBe(201);
      }
      // An Admin joins only by accepting (decision 0158).
      const [invitation] = (await call(server, secondAdmin, 'GET', '/api/v1/invitations')).json().data;
      const accepted = await call(server, secondAdmin, 'POST', `/api/v1/invitations/${invitation.id}/accept`);
      expect(accepted.statusCode).toBe(200);
    });

    const routes: RouteCase[] = [
      { name: 'read project', method: 'GET', url: () => `/api/v1/projects/${projectId}`, minRole: 'Viewer' },
      {
        name: 'list files',
        method: 'GET',
        url: () => `/api/v1/projects/${projectId}/bimfiles`,
        minRole: 'Viewer',
      },
      {
        name: 'list members',
        method: 'GET',
        url: () => `/api/v1/projects/${projectId}/members`,
        minRole: 'Viewer',
      },
      {
        name: 'edit project',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}`,
        payload: () => ({ name: 'Renamed by someone' }),
        minRole: 'Editor',
      },
      {
        name: 'add member',
        method: 'POST',
        url: () => `/api/v1/projects/${projectId}/members`,
        payload: () => ({ email: newcomer.email, role: 'Viewer' }),
        minRole: 'Admin',
      },
      {
        name: 'change member role',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}/members/${viewer.userId}`,
        payload: () => ({ role: 'Editor' }),
        minRole: 'Admin',
      },
      {
        name: 'remove member',
        method: 'DELETE',
        url: () => `/api/v1/projects/${projectId}/members/${viewer.userId}`,
        minRole: 'Admin',
      },
      {
        name: 'deactivate project',
        method: 'DELETE',
        url: () => `/api/v1/projects/${projectId}`,
        minRole: 'Admin',
      },
    ];
    const rank: Record<Role, number> = { Viewer: 1, Editor: 2, Admin: 3 };

    for (const route of routes) {
      it(`${route.name}: no session 401, non-member 404, too low a role 403, and nothing changes`, async () => {
        const before = await snapshot(server.database.db);
        const anonymous = await call(server, null, route.method, route.url(), route.payload?.());
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().error.code).toBe('unauthenticated');

        const stranger = await call(server, outsider, route.method, route.url(), route.payload?.());
        expect(stranger.statusCode).toBe(404);
        expect(stranger.json().error).toEqual({
          code: 'project_not_found',
          message: 'Project not found',
          messageId: 'error.project_not_found',
        });
        expect(stranger.body).not.toContain('Access Tower');

        for (const [session, role] of [
          [viewer, 'Viewer'],
          [editor, 'Editor'],
        ] as const) {
          if (rank[role] >= rank[route.minRole]) continue;
          const denied = await call(server, session, route.method, route.url(), route.payload?.());
          expect(denied.statusCode, `${role} ${route.name}`).toBe(403);
          expect(denied.json().error.message.length).toBeGreaterThan(10);
        }
        expect(await snapshot(server.database.db)).toBe(before);
      });
    }

    it('lets each role do what its rank allows', async () => {
      for (const session of [viewer, editor, admin]) {
        expect((await call(server, session, 'GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(200);
        expect((await call(server, session, 'GET', `/api/v1/projects/${projectId}/members`)).statusCode).toBe(
          200,
        );
      }
      const edited = await call(server, editor, 'PATCH', `/api/v1/projects/${projectId}`, {
        description: 'Edited by the Editor',
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().project).toMatchObject({ description: 'Edited by the Editor', role: 'Editor' });
    });

    it('never lets an Admin who is not the owner edit or remove an Admin, nor anyone the owner', async () => {
      const before = await snapshot(server.database.db);
      for (const [method, payload] of [
        ['PATCH', { role: 'Viewer' }],
        ['DELETE', undefined],
      ] as const) {
        for (const [actor, target, code] of [
          [secondAdmin, secondAdmin, 'admin_protected'],
          [secondAdmin, admin, 'owner_protected'],
          [admin, admin, 'owner_protected'],
        ] as const) {
          const response = await call(
            server,
            actor,
            method,
            `/api/v1/projects/${projectId}/members/${target.userId}`,
            payload,
          );
          expect(response.statusCode).toBe(403);
          expect(response.json().error.code).toBe(code);
        }
      }
      expect(await snapshot(server.database.db)).toBe(before);
    });

    const long = (n: number) => 'x'.repeat(n);
    const badInputs: Array<{
      name: string;
      method: 'POST' | 'PATCH';
      url: () => string;
      payload: unknown;
      message: string;
      field?: string;
    }> = [
      {
        name: 'create: missing name',
        method: 'POST',
        url: () => '/api/v1/projects',
        payload: { description: 'x' },
        message: 'Project name is required',
        field: 'name',
      },
      {
        name: 'create: blank name',
        method: 'POST',
        url: () => '/api/v1/projects',
        payload: { name: '   ' },
        message: 'Project name is required',
        field: 'name',
      },
      {
        name: 'create: name too long',
        method: 'POST',
        url: () => '/api/v1/projects',
        payload: { name: long(256) },
        message: 'Project name is too long',
        field: 'name',
      },
      {
        name: 'create: description too long',
        method: 'POST',
        url: () => '/api/v1/projects',
        payload: { name: 'Ok', description: long(1001) },
        message: 'Description is too long',
        field: 'description',
      },
      {
        name: 'create: name of wrong type',
        method: 'POST',
        url: () => '/api/v1/projects',
        payload: { name: 42 },
        message: 'Project name is required',
        field: 'name',
      },
      {
        name: 'create: malformed JSON',
        method: 'POST',
        url: () => '/api/v1/projects',
        payload: '{"name": "Half',
        message: 'Malformed JSON body',
      },
      {
        name: 'create: array body',
        method: 'POST',
        url: () => '/api/v1/projects',
        payload: [1, 2],
        message: 'Invalid input: expected object, received array',
      },
      {
        name: 'edit: empty name',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}`,
        payload: { name: '' },
        message: 'Project name is required',
        field: 'name',
      },
      {
        name: 'edit: name too long',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}`,
        payload: { name: long(300) },
        message: 'Project name is too long',
        field: 'name',
      },
      {
        name: 'edit: description too long',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}`,
        payload: { description: long(1001) },
        message: 'Description is too long',
        field: 'description',
      },
      {
        name: 'edit: description of wrong type',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}`,
        payload: { description: ['a'] },
        message: 'Invalid input: expected string, received array',
        field: 'description',
      },
      {
        name: 'edit: nothing to update',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}`,
        payload: {},
        message: 'Nothing to update',
      },
      {
        name: 'edit: malformed JSON',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}`,
        payload: '{name:"x"}',
        message: 'Malformed JSON body',
      },
      {
        name: 'add member: invalid e-mail',
        method: 'POST',
        url: () => `/api/v1/projects/${projectId}/members`,
        payload: { email: 'nobody', role: 'Viewer' },
        message: 'Please enter a valid email address',
        field: 'email',
      },
      {
        name: 'add member: unknown role',
        method: 'POST',
        url: () => `/api/v1/projects/${projectId}/members`,
        payload: { email: 'a@example.com', role: 'Owner' },
        message: 'Invalid option: expected one of "Admin"|"Editor"|"Viewer"',
        field: 'role',
      },
      {
        name: 'add member: e-mail too long',
        method: 'POST',
        url: () => `/api/v1/projects/${projectId}/members`,
        payload: { email: `${long(250)}@example.com`, role: 'Viewer' },
        message: 'Email address is too long',
        field: 'email',
      },
      {
        name: 'add member: malformed JSON',
        method: 'POST',
        url: () => `/api/v1/projects/${projectId}/members`,
        payload: '{"email":',
        message: 'Malformed JSON body',
      },
      {
        name: 'change role: wrong type',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}/members/${viewer.userId}`,
        payload: { role: 3 },
        message: 'Invalid option: expected one of "Admin"|"Editor"|"Viewer"',
        field: 'role',
      },
      {
        name: 'change role: malformed JSON',
        method: 'PATCH',
        url: () => `/api/v1/projects/${projectId}/members/${viewer.userId}`,
        payload: '[',
        message: 'Malformed JSON body',
      },
    ];

    for (const bad of badInputs) {
      it(`400 for bad input (${bad.name}) and nothing changes`, async () => {
        const before = await snapshot(server.database.db);
        const response = await call(server, admin, bad.method, bad.url(), bad.payload);
        expect(response.statusCode).toBe(400);
        const { error } = response.json();
        expect(error.message).toBe(bad.message);
        if (bad.field) expect(error.fields[bad.field]).toBe(bad.message);
        expect(await snapshot(server.database.db)).toBe(before);
      });
    }

    it('answers 404 for malformed ids in the path and 413 for an oversized body', async () => {
      const malformedId = await call(server, admin, 'GET', '/api/v1/projects/not-a-uuid');
      expect(malformedId.statusCode).toBe(404);
      expect(malformedId.json().error.message).toBe('Project not found');
      const before = await snapshot(server.database.db);
      const huge = await call(server, admin, 'POST', '/api/v1/projects', {
        name: 'Big',
        description: long(2 * 1024 * 1024),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error.code).toBe('body_too_large');
      expect(await snapshot(server.database.db)).toBe(before);
    });

    it('hides a deactivated project from everyone, members included', async () => {
      const created = await call(server, admin, 'POST', '/api/v1/projects', { name: 'Short-lived' });
      const id = created.json().project.id;
      expect((await call(server, admin, 'DELETE', `/api/v1/projects/${id}`)).statusCode).toBe(204);
      expect((await call(server, admin, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(404);
      expect(
        (await call(server, admin, 'PATCH', `/api/v1/projects/${id}`, { name: 'Back' })).statusCode,
      ).toBe(404);
      const list = (await call(server, admin, 'GET', '/api/v1/projects')).json();
      expect(list.projects.map((p: { id: string }) => p.id)).not.toContain(id);
    });
  });
}
