import type { Project } from '@plumbline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useDataSource } from '@/lib/data-source';
import { projectKeys } from '../projects/queries';
import { forgetSelections } from '../projects/selection/selection-memory';

/**
 * The URL names a project that is not listed (deleted, access removed, a stale link): say so (spec 1
 * §8) instead of opening another project, and clear what the browser cached about projects, so the
 * lists are read afresh and no area restores the missing one.
 */
export function ProjectNotFound({
  first,
  onOpen,
  onCreate,
}: {
  first: Project | undefined;
  onOpen: (projectId: string) => void;
  onCreate: () => void;
}) {
  const queryClient = useQueryClient();
  const { mode } = useDataSource();
  useEffect(() => {
    forgetSelections(typeof window === 'undefined' ? undefined : window.localStorage);
    // Data no screen shows now goes; the project list is read again (kept on screen meanwhile).
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) });
  }, [queryClient, mode]);
  return (
    <Card>
      <EmptyState
        icon={AlertCircle}
        title="Project Not Found"
        description="The selected project is no longer available. Please select a different project or create a new one."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {first ? <Button onClick={() => onOpen(first.id)}>Open {first.name}</Button> : null}
            <Button variant="outline" onClick={onCreate}>
              Create a project
            </Button>
          </div>
        }
      />
    </Card>
  );
}
