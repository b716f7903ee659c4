import { type ProjectAction, type ProjectRole, permissionBlockedReason } from '@plumbline/contracts';
import { useDataSource } from '@/lib/data-source';
import { useProjects } from './queries';

export const DEMO_BLOCKED = 'Demo data cannot be modified.';

/**
 * Why the caller may not take `action` in a project, or undefined when they may: the demo is never
 * changed; otherwise the one permission table (packages/contracts, permissions.ts) the server also
 * declares its routes and checks its callers with (issue 17).
 */
export function actionBlockedReason(
  role: ProjectRole | null | undefined,
  action: ProjectAction,
  readOnly: boolean,
): string | undefined {
  if (readOnly) return DEMO_BLOCKED;
  return permissionBlockedReason(role, action);
}

/** The same, for a project named by id: the caller's role comes from the project list. */
export function useActionBlockedReason(projectId: string | null | undefined, action: ProjectAction) {
  const { readOnly } = useDataSource();
  const projects = useProjects();
  const role = projects.data?.find((project) => project.id === projectId)?.role;
  return actionBlockedReason(role, action, readOnly);
}
