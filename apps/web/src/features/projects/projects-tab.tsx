import type { Project } from '@plumbline/contracts';
import { AlertCircle, FolderPlus, Plus, Search, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { EditProjectDialog } from './edit-project-dialog';
import { actionBlockedReason } from './permissions';
import { activeProjects, filterProjects } from './project-search';
import { ProjectSummaryCards } from './project-summary-cards';
import { ProjectTable } from './project-table';
import { useProjects } from './queries';

/** The Projects tab (spec 2 §2.2). */
export function ProjectsTab() {
  const t = useT('projects');
  const { readOnly } = useDataSource();
  const projects = useProjects();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Project | null>(null);
  const [, setSearchParams] = useSearchParams();
  // The wizard listens for this parameter (spec 1 §2.1); it removes it once read.
  const startCreating = () =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('createProject', 'true');
      next.set('step', 'connect_acc');
      return next;
    });

  const active = useMemo(() => activeProjects(projects.data ?? []), [projects.data]);
  const filtered = useMemo(() => filterProjects(active, query), [active, query]);
  const editBlockedReason = (project: Project) => actionBlockedReason(project.role, 'project.edit', readOnly);
  // The demo runs the wizard too, its payment and creation simulated (spec 1 §4): nothing is written.
  const newProjectButton = (
    <Button onClick={startCreating}>
      <Plus /> {t('projects.tab.new')}
    </Button>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('projects.tab.title')}
        description={t('projects.tab.description')}
        actions={newProjectButton}
      />
      <ProjectSummaryCards projects={active} loading={projects.isPending} />
      <Card className="overflow-hidden">
        <CardHeader className="flex flex-col gap-3 border-b border-border pb-4 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle className="text-base">{t('projects.list.title')}</CardTitle>
          <div className="relative w-full sm:w-72">
            <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('projects.list.searchPlaceholder')}
              aria-label={t('projects.list.searchLabel')}
              className="pl-8"
            />
          </div>
        </CardHeader>
        {projects.isPending ? (
          <div
            className="space-y-3 p-5"
            role="status"
            aria-busy="true"
            aria-label={t('projects.list.loading')}
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : projects.isError ? (
          <EmptyState
            icon={AlertCircle}
            title={t('projects.list.loadError')}
            description={errorMessage(projects.error)}
            action={
              <Button variant="outline" onClick={() => projects.refetch()}>
                {t('projects.retry')}
              </Button>
            }
          />
        ) : active.length === 0 ? (
          <EmptyState
            icon={FolderPlus}
            title={t('projects.list.emptyTitle')}
            description={readOnly ? t('projects.list.emptyDemo') : t('projects.list.empty')}
            action={newProjectButton}
          />
        ) : filtered.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={t('projects.list.noMatch', { query: query.trim() })}
            description={t('projects.list.noMatchHint')}
          />
        ) : (
          <ProjectTable
            projects={filtered}
            query={query}
            onEdit={setEditing}
            editBlockedReason={editBlockedReason}
          />
        )}
      </Card>
      <EditProjectDialog project={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}
