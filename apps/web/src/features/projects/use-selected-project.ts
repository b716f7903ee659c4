import type { Project } from '@plumbline/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { withSelection } from './selection-params';

/**
 * The project in `?project=` when it is still listed, else the first one (as on the Overview, spec 1 §2.2);
 * the automatic choice is written back to the URL so other tabs and reloads keep it.
 */
export function useSelectedProject(
  projects: readonly Project[],
): [Project | undefined, (id: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedId = searchParams.get('project');
  const selected = projects.find((project) => project.id === requestedId) ?? projects[0];
  const selectedId = selected?.id;

  useEffect(() => {
    if (!selectedId || selectedId === requestedId) return;
    setSearchParams((previous) => withSelection(previous, { project: selectedId }), { replace: true });
  }, [selectedId, requestedId, setSearchParams]);

  const select = (projectId: string) =>
    setSearchParams((previous) => withSelection(previous, { project: projectId }));
  return [selected, select];
}
