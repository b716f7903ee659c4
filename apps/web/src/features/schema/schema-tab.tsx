import { AlertCircle, ListChecks } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useIdsSpecifications } from '@/lib/compliance-queries';
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
          title="No IDS specifications found"
          description="Select a project to see its IDS specifications."
        />
      ) : specifications.isPending ? (
        <div className="space-y-2 p-4" role="status" aria-label="Loading IDS specifications">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : specifications.isError ? (
        <EmptyState
          icon={AlertCircle}
          title="Failed to load IDS specifications"
          description={specifications.error.message || 'Unknown error occurred'}
          action={
            <Button variant="outline" onClick={() => specifications.refetch()}>
              Retry
            </Button>
          }
        />
      ) : specifications.data.specifications.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title="No IDS specifications found"
          description="Specifications appear here once an active IDS file has been added to the project."
        />
      ) : (
        <SpecificationsTable specifications={specifications.data.specifications} />
      )}
    </Card>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="IDS Schemas"
        description="The IDS specifications your models are checked against, with their facets."
      />
      {stale ? (
        <ProjectNotFound first={projects[0]} />
      ) : !selection.isLoadingProjects && !selection.projectsError && projects.length === 0 ? (
        <NoProjectsPrompt description="Create a project and add an IDS file to see its specifications here." />
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
