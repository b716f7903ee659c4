import { type ComplianceStatus, complianceStatusSchema } from '@plumbline/contracts';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { StatusIcon } from '@/components/status-icon';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { ComplianceResultsList } from '@/features/compliance/compliance-results-list';
import { ExportBcfButton } from '@/features/compliance/export-bcf-button';
import { ElementInspectorPanel } from '@/features/element-inspector/element-inspector-panel';
import { ComplianceViewer } from '@/features/viewer/compliance-viewer';
import { cn } from '@/lib/cn';
import { type ResultFilters, useComplianceResults, useIdsSpecifications } from '@/lib/compliance-queries';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';

const ALL = 'all';
const STATUSES = complianceStatusSchema.options;

export interface IdsComplianceViewProps {
  projectId: string;
  fileId: string;
  versionId: string;
  /**
   * The page already shows this version in its 3D panel, coloured by these filters: the view then
   * loads no second copy of the model (it passes its filters up instead).
   */
  sharedViewer?: {
    filters: ResultFilters;
    onFiltersChange: (change: (filters: ResultFilters) => ResultFilters) => void;
  };
}

const NO_FILTERS: ResultFilters = { specificationId: null, status: null };

/**
 * The IDS Compliance view (spec 2 §2.6): element counts Passed / Failed / Warning / Not Applicable,
 * filters by specification and status, and the first 20 results. The counts follow the filter on
 * specification: against it, or each element's worst status over all specifications.
 */
export function IdsComplianceView({ projectId, fileId, versionId, sharedViewer }: IdsComplianceViewProps) {
  const t = useT('compliance');
  const [ownFilters, setOwnFilters] = useState<ResultFilters>(NO_FILTERS);
  const filters = sharedViewer?.filters ?? ownFilters;
  const setFilters = sharedViewer?.onFiltersChange ?? setOwnFilters;
  const specifications = useIdsSpecifications(projectId, fileId, versionId);
  const results = useComplianceResults(projectId, fileId, versionId, filters);
  // The element picked in the 3D view or the results, shown in the Element Inspector (spec 3 §2.3).
  const [inspected, setInspected] = useState<number | null>(null);

  if (results.isError) {
    return (
      <Card>
        <EmptyState
          icon={AlertCircle}
          title={t('compliance.view.errorTitle')}
          description={
            results.error instanceof Error && results.error.message
              ? results.error.message
              : t('compliance.view.errorFallback')
          }
        />
      </Card>
    );
  }

  const summary = results.data?.summary;
  const cards: Array<{ status: ComplianceStatus; value: number | undefined }> = [
    { status: 'passed', value: summary?.passed },
    { status: 'failed', value: summary?.failed },
    { status: 'waived', value: summary?.waived },
    { status: 'warning', value: summary?.warning },
    { status: 'not_applicable', value: summary?.not_applicable },
  ];

  return (
    // An inspected element docks the inspector in a column of its own beside the view, which reflows
    // into the rest: a card floating over the page hid the results' Status and Specification.
    <div
      className={cn(inspected !== null && 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start')}
      data-testid="ids-compliance-view"
    >
      <div className="min-w-0 space-y-4">
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-5">
          {cards.map(({ status, value }) => (
            <StatCard
              key={status}
              label={t('compliance.status', { status })}
              loading={results.isPending}
              value={
                <span className="inline-flex items-center gap-2">
                  <StatusIcon status={status} className="size-4" />
                  {formatNumber(value ?? 0)}
                </span>
              }
              hint={t('compliance.view.elements', { count: value ?? 0 })}
            />
          ))}
        </div>

        {sharedViewer ? (
          <p className="text-sm text-muted-foreground" data-testid="compliance-colours-above">
            {t('compliance.view.coloursAbove')}
          </p>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>{t('compliance.view.colours')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ComplianceViewer
                projectId={projectId}
                fileId={fileId}
                versionId={versionId}
                specificationId={filters.specificationId ?? undefined}
                onlyStatus={filters.status}
                onSelectElement={setInspected}
                className="h-[480px]"
              />
            </CardContent>
          </Card>
        )}

        <Card>
          <CardHeader className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>{t('compliance.view.results')}</CardTitle>
              <ExportBcfButton
                projectId={projectId}
                fileId={fileId}
                versionId={versionId}
                specificationId={filters.specificationId}
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="compliance-spec-filter">{t('compliance.results.specification')}</Label>
                <Select
                  value={filters.specificationId ?? ALL}
                  onValueChange={(value) =>
                    setFilters((f) => ({ ...f, specificationId: value === ALL ? null : value }))
                  }
                >
                  <SelectTrigger
                    id="compliance-spec-filter"
                    aria-label={t('compliance.results.specification')}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>{t('compliance.view.allSpecifications')}</SelectItem>
                    {(specifications.data?.specifications ?? []).map((spec) => (
                      <SelectItem key={spec.id} value={spec.id}>
                        {spec.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="compliance-status-filter">{t('compliance.results.status')}</Label>
                <Select
                  value={filters.status ?? ALL}
                  onValueChange={(value) =>
                    setFilters((f) => ({ ...f, status: value === ALL ? null : (value as ComplianceStatus) }))
                  }
                >
                  <SelectTrigger id="compliance-status-filter" aria-label={t('compliance.results.status')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>{t('compliance.view.allStatuses')}</SelectItem>
                    {STATUSES.map((status) => (
                      <SelectItem key={status} value={status}>
                        {t('compliance.status', { status })}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            </div>
          </CardHeader>
          <CardContent className="p-0">
            {results.isPending ? (
              <div className="space-y-2 p-4" role="status" aria-label={t('compliance.view.loadingResults')}>
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-8" />
                ))}
              </div>
            ) : (
              <ComplianceResultsList
                rows={results.data?.results ?? []}
                total={results.data?.total ?? 0}
                onInspect={setInspected}
                compact={inspected !== null}
              />
            )}
          </CardContent>
        </Card>
      </div>
      {inspected !== null && (
        <ElementInspectorPanel
          projectId={projectId}
          fileId={fileId}
          versionId={versionId}
          viewerDbId={inspected}
          onClose={() => setInspected(null)}
          className="h-[min(48rem,calc(100vh-8rem))] lg:sticky lg:top-28"
        />
      )}
    </div>
  );
}
