import { type ProjectAction, projectPermissions, roleAllows } from '@plumbline/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi-document';

/**
 * Issue 17: the one permission table (packages/contracts/src/permissions.ts) against the live route
 * table. Every route that needs a project role is listed under exactly one action, and the access the
 * route declares (read back from the OpenAPI document's `x-access`) admits exactly the roles the
 * action needs, written here from the access kinds' meaning (platform/http/access.ts), not from the
 * table's own mapping.
 */

const ACCESS_ROLES: Record<string, string[]> = {
  'project-viewer': ['Viewer', 'Editor', 'Admin'],
  'project-editor': ['Editor', 'Admin'],
  'project-admin': ['Admin'],
};

let routeAccess: Map<string, string>;

beforeAll(async () => {
  const doc = (await buildOpenApiDocument()) as {
    paths: Record<string, Record<string, { 'x-access'?: string }>>;
  };
  routeAccess = new Map(
    Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, op]) => [`${method.toUpperCase()} ${path}`, op['x-access'] ?? ''] as const,
      ),
    ),
  );
});

describe('the permission table and the routes', () => {
  const actions = Object.keys(projectPermissions) as ProjectAction[];

  it.each(actions)('%s: its routes exist and admit exactly the roles the table names', (action) => {
    const { routes } = projectPermissions[action];
    const allowed = (['Viewer', 'Editor', 'Admin'] as const).filter((role) => roleAllows(role, action));
    for (const route of routes) {
      const access = routeAccess.get(route);
      expect(access, `${route} is not a route`).toBeDefined();
      expect(ACCESS_ROLES[access as string], `${route} declares ${access}`).toEqual(allowed);
    }
  });

  it('lists every route that needs a project role under exactly one action', () => {
    const gated = [...routeAccess].filter(([, access]) => access in ACCESS_ROLES).map(([route]) => route);
    const listed = actions.flatMap((action) => projectPermissions[action].routes as readonly string[]);
    expect(gated.length).toBeGreaterThan(20);
    expect([...listed].sort()).toEqual([...gated].sort());
  });

  it('refuses every action to someone who is not a member, and a Viewer everything that changes the project', () => {
    for (const action of actions) expect(roleAllows(undefined, action)).toBe(false);
    const viewerMay = actions.filter((action) => roleAllows('Viewer', action));
    expect(viewerMay).toEqual(['viewer.open']);
    expect(roleAllows('Editor', 'files.upload')).toBe(true);
    expect(roleAllows('Editor', 'members.manage')).toBe(false);
  });
});
