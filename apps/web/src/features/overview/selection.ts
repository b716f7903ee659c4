import type { Project } from '@plumbline/contracts';

/**
 * The project the Overview shows: the one named in the URL when it is still listed, else the first
 * project (spec 1 §2.2: the first project is selected automatically), else none. A URL naming a
 * project that is not listed (deleted, access removed, a stale link) never opens another project in
 * its place: `stale` says so, and the screen shows Project Not Found (spec 1 §8, issue 17).
 */
export function resolveSelectedProject(
  projects: readonly Project[],
  requestedId: string | null,
): { project: Project | undefined; stale: boolean } {
  if (requestedId) {
    const named = projects.find((project) => project.id === requestedId);
    return named ? { project: named, stale: false } : { project: undefined, stale: true };
  }
  return { project: projects[0], stale: false };
}
