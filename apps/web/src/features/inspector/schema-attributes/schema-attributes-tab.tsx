import { Download, FileCheck2, Layers, ListChecks, RefreshCw, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSchemaAttributes } from '@/features/projects/attribute-queries';
import { errorMessage } from '@/lib/api';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { fileDate, saveFile } from '@/lib/save-file';
import { idsExport } from './requirement-view';
import { RequirementsTable } from './requirements-table';
import { SpecificationsList } from './specifications-list';

export interface SchemaAttributesTabProps {
  projectId: string;
  fileId: string;
  versionId: string | null;
}

type View = 'specifications' | 'requirements';

/** Schema Attributes (spec 2 §2.1): the active IDS specifications and their requirements' compliance. */
export function SchemaAttributesTab({ projectId, fileId, versionId }: SchemaAttributesTabProps) {
  const t = useT('inspector');
  const query = useSchemaAttributes({ projectId, fileId, versionId });
  const [view, setView] = useState<View>('specifications');
  const [specificationId, setSpecificationId] = useState<string | null>(null);
  const data = query.data;
  const stats = data?.statistics;

  function exportIds() {
    try {
      if (!data) throw new Error('No data loaded');
      const exported = idsExport(projectId, data, new Date());
      saveFile(
        `ids-specifications-${fileDate()}.json`,
        JSON.stringify(exported, null, 2),
        'application/json',
      );
      toast.success(t('inspector.schema.exported'), {
        // The server's figures, as the cards above print them (decision 0173).
        description: t('inspector.schema.exportedHint', {
          specifications: data.statistics.total_specifications,
          facets: data.statistics.total_facets,
        }),
      });
    } catch {
      toast.error(t('inspector.schema.exportFailed'), {
        description: t('inspector.schema.exportFailedHint'),
      });
    }
  }

  function refresh() {
    toast.info(t('inspector.schema.refreshing'));
    void query.refetch();
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold">{t('inspector.schema.title')}</h2>
        <div className="flex gap-2">
          <Button variant="outline" onClick={exportIds} disabled={!data}>
            <Download /> {t('inspector.schema.export')}
          </Button>
          <Button variant="outline" onClick={refresh} disabled={query.isFetching}>
            <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} />{' '}
            {t('inspector.schema.refresh')}
          </Button>
        </div>
      </div>
      {query.isError && (
        <Alert variant="destructive">
          {t('inspector.schema.loadFailed', { reason: errorMessage(query.error) })}
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('inspector.schema.totalSpecifications')}
          icon={FileCheck2}
          loading={query.isPending}
          value={formatNumber(stats?.total_specifications ?? 0)}
        />
        <StatCard
          label={t('inspector.schema.checksPassed')}
          icon={ShieldCheck}
          loading={query.isPending}
          value={formatPercent(stats?.ids_compliance ?? 0, 1)}
          hint={t('inspector.schema.checksPassedHint')}
        />
        <StatCard
          label={t('inspector.schema.totalFacets')}
          icon={Layers}
          loading={query.isPending}
          value={formatNumber(stats?.total_facets ?? 0)}
        />
        <StatCard
          label={t('inspector.schema.requiredFacets')}
          icon={ListChecks}
          loading={query.isPending}
          value={formatNumber(stats?.required_facets ?? 0)}
        />
      </div>
      <Tabs value={view} onValueChange={(v) => setView(v as View)}>
        <TabsList className="border-b border-border pb-2">
          <TabsTrigger value="specifications">{t('inspector.schema.specifications')}</TabsTrigger>
          <TabsTrigger value="requirements">{t('inspector.schema.requirements')}</TabsTrigger>
        </TabsList>
        <TabsContent value="specifications" className="pt-4">
          <SpecificationsList
            specifications={data?.specifications ?? []}
            loading={query.isPending}
            onSelect={(id) => {
              setSpecificationId(id);
              setView('requirements');
            }}
          />
        </TabsContent>
        <TabsContent value="requirements" className="pt-4">
          <RequirementsTable
            specifications={data?.specifications ?? []}
            loading={query.isPending}
            specificationId={specificationId}
            onSpecificationChange={setSpecificationId}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
