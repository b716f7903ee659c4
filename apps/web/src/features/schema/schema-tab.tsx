import { AlertCircle, ListChecks } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useIdsSpecifications } from '@/lib/compliance-queries';
import { useT } from '@/lib/i18n';
import { NoProjectsPrompt } from '../projects/no-projects-prompt';
import { ProjectNotFound } from '../projects/project-not-found';
import { SelectionBar } from '../projects/selection/selection-bar';
import { useSelection } from '../projects/selection/use-selection';
import { IdsDocuments } from './ids-documents';
import { SpecificationsTable } from './specifications-table';

/**
 * IDS Schemas (spec 1 §2.3): the specifications of the project's active IDS files with their facets;
 * with a file and version chosen, each one's compliance on that version.
 */
export function SchemaTab() {
  const t = useT('schema');
  const selection = useSelection('inspector');
  const { projectId, projects, selectProject } = selection;
  // As on the Overview, the first project is chosen when none is.
  const firstProjectId = projects[0]?.id;
  // A stale project in the URL is not replaced by another one: Project Not Found says so instead.
  const stale = selection.isStale;
  useEffect(() => {
    if (!projectId && !stale && firstProjectId) selectProject(firstProjectId);
  }, [projectId, stale, firstProjectId, selectProject]);

  const specifications = useIdsSpecifications(projectId, selection.fileId, selection.versionId);

  const card = (
    <Card className="overflow-hidden">
      {!projectId ? (
        <EmptyState
          icon={ListChecks}
          title={t('schema.tab.noSpecs')}
          description={t('schema.tab.selectProject')}
        />
      ) : specifications.isPending ? (
        <div className="space-y-2 p-4" role="status" aria-label={t('schema.tab.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : specifications.isError ? (
        <EmptyState
          icon={AlertCircle}
          title={t('schema.tab.loadFailed')}
          description={specifications.error.message || t('schema.tab.unknownError')}
          action={
            <Button variant="outline" onClick={() => specifications.refetch()}>
              {t('schema.retry')}
            </Button>
          }
        />
      ) : specifications.data.specifications.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title={t('schema.tab.noSpecs')}
          description={t('schema.tab.noActive')}
        />
      ) : (
        <SpecificationsTable specifications={specifications.data.specifications} />
      )}
    </Card>
  );

  return (
    <div className="space-y-6">
      <PageHeader title={t('schema.tab.title')} description={t('schema.tab.description')} />
      {stale ? (
        <ProjectNotFound first={projects[0]} />
      ) : !selection.isLoadingProjects && !selection.projectsError && projects.length === 0 ? (
        <NoProjectsPrompt description={t('schema.tab.noProjects')} />
      ) : (
        <>
          <SelectionBar selection={selection} />
          {card}
          {projectId && <IdsDocuments projectId={projectId} />}
        </>
      )}
    </div>
  );
}
