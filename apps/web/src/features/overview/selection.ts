import type { Project } from '@plumbline/contracts';

/**
 * The project the Overview shows: the one named in the URL when it is still listed, else the first
 * project (spec 1 §2.2: the first project is selected automatically), else none.
 */
export function resolveSelectedProject(
  projects: readonly Project[],
  requestedId: string | null,
): Project | undefined {
  return projects.find((project) => project.id === requestedId) ?? projects[0];
}
