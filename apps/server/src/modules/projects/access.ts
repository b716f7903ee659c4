import type { ProjectRole } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { ProjectError } from './errors';
import { findActiveMembership, type ProjectRow } from './repo';

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
 * The one permission check of every project route: the caller must be a member of the active
 * project with at least `minRole`. Not a member (or no such project): 404, so nothing about the
 * project leaks. A member with too low a role: 403.
 */
export async function requireProjectRole(
  ctx: ProjectAccessContext,
  projectId: string,
  minRole: ProjectRole,
): Promise<ProjectAccess> {
  const membership = await findActiveMembership(ctx.db, projectId, ctx.userId);
  if (!membership) throw new ProjectError('project_not_found');
  if (rank[membership.role] < rank[minRole]) {
    throw new ProjectError(minRole === 'Admin' ? 'admin_role_required' : 'editor_role_required');
  }
  return membership;
}

export function hasRole(role: ProjectRole, minRole: ProjectRole): boolean {
  return rank[role] >= rank[minRole];
}
