import { type ProjectAction, type ProjectRole, projectPermissions } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { ProjectError } from './errors';
import {
  findActiveMembership,
  findActiveProject,
  findActiveProjectAndRole,
  findActiveProjectWithRevision,
  type ProjectRow,
} from './repo';

const rank: Record<ProjectRole, number> = { Viewer: 1, Editor: 2, Admin: 3 };

export interface ProjectAccessContext {
  db: Database;
  userId: string;
}

export interface ProjectAccess {
  project: ProjectRow;
  role: ProjectRole;
}

/**
 * The one permission check of every project route that changes something: the caller must be a member
 * of the active project with at least `minRole`. Not a member (or no such project): 404, so nothing
 * about the project leaks. A member with too low a role: 403. The demo project: 403, read-only for all.
 */
export async function requireProjectRole(
  ctx: ProjectAccessContext,
  projectId: string,
  minRole: ProjectRole,
): Promise<ProjectAccess> {
  const membership = await findActiveMembership(ctx.db, projectId, ctx.userId);
  if (!membership) {
    const project = await findActiveProject(ctx.db, projectId);
    if (project?.isDemo) throw new ProjectError('demo_read_only');
    throw new ProjectError('project_not_found');
  }
  if (membership.project.isDemo && minRole !== 'Viewer') throw new ProjectError('demo_read_only');
  if (rank[membership.role] < rank[minRole]) {
    throw new ProjectError(minRole === 'Admin' ? 'admin_role_required' : 'editor_role_required');
  }
  return membership;
}

/**
 * `requireProjectRole` with the least role read from the one permission table (packages/contracts,
 * permissions.ts), which also declares the route's access and disables the web's controls.
 */
export function requireProjectPermission(
  ctx: ProjectAccessContext,
  projectId: string,
  action: ProjectAction,
): Promise<ProjectAccess> {
  return requireProjectRole(ctx, projectId, projectPermissions[action].role);
}

export interface ProjectReadContext {
  db: Database;
  /** Null for an anonymous caller of a demo-readable route. */
  userId: string | null;
}

/**
 * The check of every project read that /demo also makes: anyone may read the demo project (as a
 * Viewer); any other project needs a member, as `requireProjectRole(…, 'Viewer')`. An anonymous caller
 * asking for a project that is not the demo gets 401, as on any other protected route.
 */
export async function requireProjectReader(
  ctx: ProjectReadContext,
  projectId: string,
): Promise<ProjectReadAccess> {
  if (ctx.userId === null) {
    const found = await findActiveProjectWithRevision(ctx.db, projectId);
    if (found?.project.isDemo) return { project: found.project, role: 'Viewer', revision: found.revision };
    throw new HttpError('unauthenticated');
  }
  // The project and the caller's membership in one query: `requireProjectRole(…, 'Viewer')`'s
  // answers (every role reads; the demo reads as a Viewer, member or not).
  const found = await findActiveProjectAndRole(ctx.db, projectId, ctx.userId);
  if (found?.project.isDemo) return { project: found.project, role: 'Viewer', revision: found.revision };
  if (!found?.role) throw new ProjectError('project_not_found');
  return { project: found.project, role: found.role, revision: found.revision };
}

/** A reader's access with the project's revision as read in the same statement (decision 0452). */
export interface ProjectReadAccess extends ProjectAccess {
  revision: number;
}

export function hasRole(role: ProjectRole, minRole: ProjectRole): boolean {
  return rank[role] >= rank[minRole];
}
