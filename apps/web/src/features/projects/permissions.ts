import { type ProjectAction, type ProjectRole, permissionBlockedReason } from '@plumbline/contracts';
import { useDataSource } from '@/lib/data-source';
import { t, useT } from '@/lib/i18n';
import { useProjects } from './queries';

/** Why nothing changes in the demo, in the page's language (the `permissions` catalogue). */
export function demoBlockedReason(): string {
  return t('permission.demo');
}

/**
 * Why the caller may not take `action` in a project, or undefined when they may: the demo is never
 * changed; otherwise the one permission table (packages/contracts, permissions.ts) the server also
 * declares its routes and checks its callers with (issue 17). In the page's language: the dashboard
 * and the demo load the `permissions` catalogue with their code (app/router.tsx).
 */
export function actionBlockedReason(
  role: ProjectRole | null | undefined,
  action: ProjectAction,
  readOnly: boolean,
): string | undefined {
  if (readOnly) return demoBlockedReason();
  const reason = permissionBlockedReason(role, action);
  return reason && t(reason);
}

/** The same, for a project named by id: the caller's role comes from the project list. */
export function useActionBlockedReason(projectId: string | null | undefined, action: ProjectAction) {
  // Re-rendered in a new language, and waits for the reasons where they are not loaded yet.
  useT('permissions');
  const { readOnly } = useDataSource();
  const projects = useProjects();
  const role = projects.data?.find((project) => project.id === projectId)?.role;
  return actionBlockedReason(role, action, readOnly);
}
