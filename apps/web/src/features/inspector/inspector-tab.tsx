import { AlertCircle, FolderPlus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { ProjectNotFound } from '../projects/project-not-found';
import { SelectionBar } from '../projects/selection/selection-bar';
import { useSelection } from '../projects/selection/use-selection';
import { ComplianceTab } from './compliance/compliance-tab';
import { ExtraAttributesTab } from './extra-attributes/extra-attributes-tab';
import {
  FILE_TAB_QUERY_PARAM,
  FILE_TABS,
  type FileTabId,
  isFileTab,
  readStoredFileTab,
  resolveFileTab,
  storeFileTab,
} from './file-tab';
import { InspectorPortfolio } from './portfolio-prompt';
import { SchemaAttributesTab } from './schema-attributes/schema-attributes-tab';
import { ValidityTab } from './validity/validity-tab';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

function SelectPrompt() {
  const t = useT('inspector');
  return (
    <Card>
      <EmptyState title={t('inspector.selectPrompt')} />
    </Card>
  );
}

/**
 * File Inspector (spec 2 §2.1): project / file / version pickers, then the Compliance, Schema
 * Attributes and Extra Attributes tabs of the chosen version. The active tab comes from `fileTab`,
 * else the stored choice, else compliance; a choice is written to both.
 */
export function InspectorTab() {
  const t = useT('inspector');
  const selection = useSelection('inspector');
  const { readOnly } = useDataSource();
  const [params, setParams] = useSearchParams();
  const active = resolveFileTab(params.get(FILE_TAB_QUERY_PARAM), readStoredFileTab(storage()));
  const choose = (value: string) => {
    if (!isFileTab(value)) return;
    storeFileTab(storage(), value);
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(FILE_TAB_QUERY_PARAM, value);
      return next;
    });
  };
  const openCreate = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('tab', 'projects');
      next.set('createProject', 'true');
      return next;
    });

  const header = <PageHeader title={t('inspector.title')} description={t('inspector.description')} />;
  if (selection.isLoadingProjects) {
    return (
      <div className="space-y-6">
        {header}
        <Skeleton className="h-16 rounded-xl" />
      </div>
    );
  }
  if (selection.projectsError) {
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <EmptyState
            icon={AlertCircle}
            title={t('inspector.projectsError')}
            description={errorMessage(selection.projectsError)}
          />
        </Card>
      </div>
    );
  }
  if (selection.projects.length === 0) {
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <EmptyState
            icon={FolderPlus}
            title={t('inspector.noProjects', { demo: readOnly ? 'yes' : 'no' })}
            description={t('inspector.noProjectsHint')}
            action={readOnly ? undefined : <Button onClick={openCreate}>{t('inspector.newProject')}</Button>}
          />
        </Card>
      </div>
    );
  }

  if (selection.isStale) {
    return (
      <div className="space-y-6">
        {header}
        <ProjectNotFound first={selection.projects[0]} />
      </div>
    );
  }

  const { projectId, fileId, versionId } = selection;
  const complete =
    selection.isComplete && projectId && fileId && versionId ? { projectId, fileId, versionId } : null;
  const body = (tab: FileTabId) => {
    if (tab === 'compliance' && !projectId) return <InspectorPortfolio projects={selection.projects} />;
    if (!complete) return <SelectPrompt />;
    if (tab === 'compliance') return <ComplianceTab {...complete} />;
    if (tab === 'schema') return <SchemaAttributesTab {...complete} />;
    if (tab === 'validity') return <ValidityTab {...complete} />;
    return <ExtraAttributesTab {...complete} />;
  };

  return (
    <div className="space-y-6">
      {header}
      <SelectionBar selection={selection} />
      <Tabs value={active} onValueChange={choose}>
        <TabsList className="border-b border-border pb-2">
          {FILE_TABS.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id}>
              {t('inspector.tab', { tab: tab.id })}
            </TabsTrigger>
          ))}
        </TabsList>
        {FILE_TABS.map((tab) => (
          <TabsContent key={tab.id} value={tab.id} className="mt-6">
            {body(tab.id)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
