import type { Project } from '@plumbline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { invalidateEveryProject } from './queries';
import { forgetSelections } from './selection/selection-memory';
import { withSelection } from './selection-params';

/** The URL that opens the create-project wizard on the Projects tab (spec 2 §2.2 createProject=true). */
export function withCreateProject(previous: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(previous);
  next.set('tab', 'projects');
  next.set('createProject', 'true');
  return next;
}

/**
 * The URL names a project that is not listed (deleted, access removed, a stale link): say so (spec 1
 * §8) instead of opening another project, and clear what the browser cached about projects, so the
 * lists are read afresh and no area restores the missing one. Shown by every tab that takes a project.
 */
export function ProjectNotFound({ first }: { first: Project | undefined }) {
  const t = useT('common');
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const { mode } = useDataSource();
  useEffect(() => {
    forgetSelections(typeof window === 'undefined' ? undefined : window.localStorage);
    // Data no screen shows now goes; the project list is read again (kept on screen meanwhile).
    queryClient.removeQueries({ type: 'inactive' });
    void invalidateEveryProject(queryClient, mode);
  }, [queryClient, mode]);
  return (
    <Card>
      <EmptyState
        icon={AlertCircle}
        title={t('common.notFound.title')}
        description={t('common.notFound.description')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {first ? (
              <Button
                onClick={() => setSearchParams((previous) => withSelection(previous, { project: first.id }))}
              >
                {t('common.notFound.open', { name: first.name })}
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setSearchParams(withCreateProject)}>
              {t('common.notFound.create')}
            </Button>
          </div>
        }
      />
    </Card>
  );
}
