import { AlertCircle } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { OVERVIEW_HEADING } from '@/lib/dashboard-tabs';
import { useT } from '@/lib/i18n';
import { useBackgroundSettle } from '@/lib/use-background-settle';
import { ProjectNotFound } from '../projects/project-not-found';
import { activeProjects } from '../projects/project-search';
import { ProjectSelector } from '../projects/project-selector';
import { useProjects } from '../projects/queries';
import { withSelection } from '../projects/selection-params';
import { PortfolioOverview } from './portfolio-overview';
import { ProjectOverview } from './project-overview';
import { resolveSelectedProject } from './selection';

/** The Overview tab (spec 1 §2.2): project selector on top, the first project selected automatically. */
export function OverviewTab() {
  const t = useT('overview');
  const projects = useProjects();
  // The list's arrival is drawn in a background render, sliced into short tasks (lib/use-background-settle.ts).
  const pending = useBackgroundSettle(projects.isPending) && !projects.isError;
  const listed = pending ? undefined : projects.data;
  const [searchParams, setSearchParams] = useSearchParams();
  const active = useMemo(() => activeProjects(listed ?? []), [listed]);
  const requestedId = searchParams.get('project');
  const loaded = projects.isSuccess && !pending;
  const resolved = resolveSelectedProject(active, requestedId);
  const selected = resolved.project;
  const stale = loaded && resolved.stale;

  const selectProject = (projectId: string) =>
    setSearchParams((previous) => withSelection(previous, { project: projectId }));

  // Write the automatic choice into the URL so links and reloads keep it.
  const selectedId = selected?.id;
  useEffect(() => {
    if (!selectedId || selectedId === requestedId) return;
    setSearchParams((previous) => withSelection(previous, { project: selectedId }), { replace: true });
  }, [selectedId, requestedId, setSearchParams]);

  const openCreate = () =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('tab', 'projects');
      next.set('createProject', 'true');
      return next;
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title={t(OVERVIEW_HEADING.title)}
        description={t(OVERVIEW_HEADING.description)}
        actions={
          active.length > 0 && (
            <ProjectSelector projects={active} value={selected?.id} onChange={(id) => selectProject(id)} />
          )
        }
      />
      {pending ? (
        <div
          className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
          role="status"
          aria-busy="true"
          aria-label={t('overview.loading')}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : projects.isError ? (
        <Card>
          <EmptyState
            icon={AlertCircle}
            title={t('overview.error.title')}
            description={errorMessage(projects.error)}
            action={
              <Button variant="outline" onClick={() => projects.refetch()}>
                {t('overview.retry')}
              </Button>
            }
          />
        </Card>
      ) : stale ? (
        <ProjectNotFound first={active[0]} />
      ) : selected ? (
        <ProjectOverview project={selected} />
      ) : (
        <PortfolioOverview projects={active} onCreate={openCreate} />
      )}
    </div>
  );
}
