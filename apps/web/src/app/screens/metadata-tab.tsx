import type { MetadataRow } from '@plumbline/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type MetadataSubTab, readSubTab, writeSubTab } from '@/features/metadata/explorer-state';
import { MetadataExplorer } from '@/features/metadata/metadata-explorer';
import type { VersionAddress } from '@/features/metadata/queries';
import { NoProjectsPrompt } from '@/features/projects/no-projects-prompt';
import { ProjectNotFound } from '@/features/projects/project-not-found';
import { SelectionBar } from '@/features/projects/selection/selection-bar';
import { useSelection } from '@/features/projects/selection/use-selection';
import type { ViewerIssue } from '@/features/viewer/model-load-errors';
import { ViewerErrorCard } from '@/features/viewer/viewer-error-card';
import type { ResultFilters } from '@/lib/compliance-queries';
import { useT } from '@/lib/i18n';
import { IdsComplianceView } from './ids-compliance-view';
import { useViewerToggle, ViewerAndChatLayout, ViewerToggle } from './viewer-and-chat-layout';

const NO_FILTERS: ResultFilters = { specificationId: null, status: null };
const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * Metadata Explorer (spec 2 §2.5): project / file / version pickers (query parameters project, file,
 * version, so 'View in Explorer' links open it), the Metadata and IDS Compliance sub-tabs (the
 * choice remembered), and the '3D Viewer & AI Assistant' toggle.
 */
export function MetadataTab() {
  // Every catalogue the tab's views read, loaded before the tab first draws: a view that suspended on
  // its own catalogue later would unmount the sub-tabs under the keyboard's focus.
  const t = useT('metadata', 'compliance', 'viewer', 'chat', 'validity', 'waivers', 'projects');
  const selection = useSelection('metadata');
  const [subTab, setSubTab] = useState<MetadataSubTab>(() => readSubTab(storage()));
  const [viewerOpen, setViewerOpen] = useViewerToggle();
  const [highlight, setHighlight] = useState<string[]>([]);
  const [details, setDetails] = useState<number | null>(null);
  // The element picked in the 3D viewer, shown in the Element Inspector side card (spec 3 §2.3).
  const [inspected, setInspected] = useState<number | null>(null);
  // The IDS Compliance view's filters, held here so that, with the 3D panel open, the panel's one
  // viewer paints by them and the view loads no second copy of the model.
  const [complianceFilters, setComplianceFilters] = useState<ResultFilters>(NO_FILTERS);
  const address: VersionAddress | null =
    selection.projectId && selection.fileId && selection.versionId
      ? { projectId: selection.projectId, fileId: selection.fileId, versionId: selection.versionId }
      : null;

  // Viewer ids and highlights belong to one version: another version starts with none of them
  // (state adjusted while rendering, as React advises, so no frame shows the old element).
  const versionId = address?.versionId ?? null;
  const [stateVersion, setStateVersion] = useState(versionId);
  if (stateVersion !== versionId) {
    setStateVersion(versionId);
    setInspected(null);
    setDetails(null);
    setHighlight([]);
    setComplianceFilters(NO_FILTERS);
  }
  const sharesViewer = viewerOpen && subTab === 'ids-compliance';

  const missingSelection: ViewerIssue = !selection.projectId
    ? 'selectProject'
    : !selection.fileId
      ? 'selectFile'
      : 'selectVersion';

  const choose = (value: string) => {
    const tab: MetadataSubTab = value === 'ids-compliance' ? 'ids-compliance' : 'metadata';
    writeSubTab(storage(), tab);
    setSubTab(tab);
  };
  const showInViewer = (row: MetadataRow) => {
    // The viewer finds elements by GlobalId; without one there is nothing to select.
    if (!row.global_id) {
      toast.error(t('metadata.noViewerId'), { description: t('metadata.noViewerIdHint') });
      return;
    }
    setHighlight([row.global_id]);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('metadata.title')}
        description={t('metadata.description')}
        actions={
          <ViewerToggle
            open={viewerOpen}
            onChange={(open) => {
              setViewerOpen(open);
              // Elements are picked in the viewer: the inspector closes with it.
              if (!open) setInspected(null);
            }}
          />
        }
      />
      {selection.isLoadingProjects ? (
        <Skeleton className="h-16 rounded-xl" />
      ) : selection.isStale ? (
        <ProjectNotFound first={selection.projects[0]} />
      ) : !selection.projectsError && selection.projects.length === 0 ? (
        <NoProjectsPrompt description={t('metadata.noProjects')} />
      ) : (
        <SelectionBar selection={selection} />
      )}
      {viewerOpen && !address && selection.projects.length > 0 && !selection.isStale && (
        // Spec 3 §2.1: without a file the viewer says what to do instead of showing nothing.
        <Card className="min-h-[240px]">
          <ViewerErrorCard issue={missingSelection} retrying={false} />
        </Card>
      )}
      {address && viewerOpen && (
        <ViewerAndChatLayout
          key={address.versionId}
          address={address}
          highlightGuids={highlight}
          onHighlight={setHighlight}
          onSelectElement={setInspected}
          inspected={inspected}
          onCloseInspector={() => setInspected(null)}
          complianceColours={sharesViewer ? complianceFilters : null}
        />
      )}
      {selection.isStale || (!selection.isLoadingProjects && selection.projects.length === 0) ? null : (
        <Tabs value={subTab} onValueChange={choose}>
          <TabsList>
            <TabsTrigger value="metadata">{t('metadata.tabMetadata')}</TabsTrigger>
            <TabsTrigger value="ids-compliance">{t('metadata.tabCompliance')}</TabsTrigger>
          </TabsList>
          <TabsContent value="metadata" className="mt-4">
            {address ? (
              <MetadataExplorer
                key={`${address.projectId}/${address.fileId}`}
                address={address}
                onShowInViewer={viewerOpen ? showInViewer : undefined}
                details={details}
                onDetailsChange={setDetails}
              />
            ) : (
              <SelectPrompt />
            )}
          </TabsContent>
          <TabsContent value="ids-compliance" className="mt-4">
            {address ? (
              <IdsComplianceView
                projectId={address.projectId}
                fileId={address.fileId}
                versionId={address.versionId}
                sharedViewer={
                  sharesViewer
                    ? { filters: complianceFilters, onFiltersChange: setComplianceFilters }
                    : undefined
                }
              />
            ) : (
              <SelectPrompt />
            )}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

function SelectPrompt() {
  const t = useT('metadata');
  return (
    <Card>
      <EmptyState title={t('metadata.selectPrompt')} />
    </Card>
  );
}
