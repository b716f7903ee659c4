import type { Project } from '@plumbline/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { withSelection } from './selection-params';

/**
 * The project in `?project=` when it is still listed, else the first one (as on the Overview, spec 1 §2.2);
 * the automatic choice is written back to the URL so other tabs and reloads keep it. A `?project=` that
 * names no listed project (once the list has `loaded`) never opens another one in its place: `stale`
 * is true and the tab shows Project Not Found (spec 1 §8, issue 17).
 */
export function useSelectedProject(
  projects: readonly Project[],
  loaded = true,
): [Project | undefined, (id: string) => void, boolean] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedId = searchParams.get('project');
  const named = requestedId ? projects.find((project) => project.id === requestedId) : undefined;
  const stale = loaded && requestedId !== null && named === undefined;
  const selected = requestedId ? named : projects[0];
  const selectedId = selected?.id;

  useEffect(() => {
    if (!selectedId || selectedId === requestedId) return;
    setSearchParams((previous) => withSelection(previous, { project: selectedId }), { replace: true });
  }, [selectedId, requestedId, setSearchParams]);

  const select = (projectId: string) =>
    setSearchParams((previous) => withSelection(previous, { project: projectId }));
  return [selected, select, stale];
}
