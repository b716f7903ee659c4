import { type Project, type ProjectRole, roleAllows } from '@plumbline/contracts';

/** The status a project shows (and is searchable by); only active projects are listed (spec 2 §2.2). */
export function projectStatusLabel(project: Pick<Project, 'isActive'>): string {
  return project.isActive ? 'Active' : 'Inactive';
}

/** Spec 2 §3: a project without a name shows as 'Unnamed Project'. */
export function projectDisplayName(project: Pick<Project, 'name'>): string {
  return project.name.trim() || 'Unnamed Project';
}

export function activeProjects(projects: readonly Project[]): Project[] {
  return projects.filter((project) => project.isActive);
}

/** Case-insensitive search over name, description and status (spec 2 §5). */
export function filterProjects(projects: readonly Project[], query: string): Project[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...projects];
  return projects.filter((project) =>
    [projectDisplayName(project), project.description, projectStatusLabel(project)].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

/** Admins and Editors edit project data; Viewers only look (spec 2 §6, the permission table). Demo data is never editable. */
export function canEditProject(role: ProjectRole, readOnly: boolean): boolean {
  return !readOnly && roleAllows(role, 'project.edit');
}
