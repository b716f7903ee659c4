import { ListChecks, Percent, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { SegmentedTabsList, SegmentedTabsTrigger, Tabs, TabsContent } from '@/components/ui/tabs';
import { summaryStatus } from '@/lib/compliance-logic';
import { useFileCompliance } from '@/lib/compliance-queries';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { ComplianceUnavailable } from './compliance-unavailable';
import { DetailedAnalysisView } from './detailed-analysis-view';
import { SpecificationsView } from './specifications-view';
import { WaiversView } from './waivers-view';

// Recharts loads on demand, when the Charts & Trends view is opened (decision 0176).
const ChartsView = lazy(async () => ({ default: (await import('./charts-view')).ChartsView }));

/**
 * The File Inspector's Compliance tab (spec 2 §2.1): three summary cards and three sub-views, and the
 * Waivers view beside them (issue 32).
 */
export function ComplianceTab({
  projectId,
  fileId,
  versionId,
}: {
  projectId: string;
  fileId: string;
  versionId: string;
}) {
  const compliance = useFileCompliance(projectId, fileId, versionId);
  const t = useT('waivers', 'inspector');
  if (compliance.isError) return <ComplianceUnavailable error={compliance.error} />;
  if (compliance.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-3" role="status" aria-label={t('inspector.compliance.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  const data = compliance.data;
  return (
    <div className="space-y-4" data-testid="compliance-tab">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard
          label={t('inspector.compliance.rate')}
          icon={ShieldCheck}
          value={formatPercent(data.compliance_rate, 1)}
          hint={
            data.applicable_pairs > 0
              ? t('inspector.compliance.band', { band: summaryStatus(data.compliance_rate) })
              : t('inspector.compliance.nothingApplicable')
          }
        />
        <StatCard
          label={t('inspector.compliance.pairs')}
          icon={Percent}
          value={t('inspector.compliance.pairsValue', {
            compliant: data.compliant_pairs,
            applicable: data.applicable_pairs,
          })}
          hint={t('inspector.compliance.pairsHint')}
        />
        <StatCard
          label={t('inspector.compliance.specifications')}
          icon={ListChecks}
          value={formatNumber(data.total_specifications)}
          hint={t('inspector.compliance.checkedAgainst', {
            count: data.total_elements,
            version: data.version_tag,
          })}
        />
      </div>
      {data.specifications.length === 0 ? (
        <Card>
          <EmptyState
            icon={ListChecks}
            title={t('inspector.compliance.noSpecifications')}
            description={t('inspector.compliance.noSpecificationsHint')}
          />
        </Card>
      ) : (
        <Tabs defaultValue="specifications">
          <SegmentedTabsList>
            <SegmentedTabsTrigger value="specifications">
              {t('inspector.compliance.specifications')}
            </SegmentedTabsTrigger>
            <SegmentedTabsTrigger value="charts">{t('inspector.compliance.charts')}</SegmentedTabsTrigger>
            <SegmentedTabsTrigger value="analysis">{t('inspector.compliance.analysis')}</SegmentedTabsTrigger>
            <SegmentedTabsTrigger value="waivers">{t('waivers.view.tab')}</SegmentedTabsTrigger>
          </SegmentedTabsList>
          <Card className="mt-4 overflow-hidden">
            <TabsContent value="specifications">
              <SpecificationsView rows={data.specifications} />
            </TabsContent>
            <TabsContent value="charts">
              <Suspense fallback={<Skeleton className="m-4 h-64" />}>
                <ChartsView rows={data.chart_rows} />
              </Suspense>
            </TabsContent>
            <TabsContent value="analysis">
              <DetailedAnalysisView rows={data.specifications} />
            </TabsContent>
            <TabsContent value="waivers">
              <WaiversView projectId={projectId} fileId={fileId} />
            </TabsContent>
          </Card>
        </Tabs>
      )}
    </div>
  );
}
