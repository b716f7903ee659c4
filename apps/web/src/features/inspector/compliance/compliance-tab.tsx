import { ListChecks, Percent, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { SegmentedTabsList, SegmentedTabsTrigger, Tabs, TabsContent } from '@/components/ui/tabs';
import { summaryStatus } from '@/lib/compliance-logic';
import { useFileCompliance } from '@/lib/compliance-queries';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { ComplianceUnavailable } from './compliance-unavailable';
import { DetailedAnalysisView } from './detailed-analysis-view';
import { SpecificationsView } from './specifications-view';
import { WaiversView } from './waivers-view';

// Recharts loads on demand, when the Charts & Trends view is opened (decision 0176).
const ChartsView = lazy(async () => ({ default: (await import('./charts-view')).ChartsView }));

const STATUS_TEXT = {
  excellent: 'Excellent',
  good: 'Good',
  warning: 'Warning',
  critical: 'Critical',
} as const;

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
  const t = useT('waivers');
  if (compliance.isError) return <ComplianceUnavailable error={compliance.error} />;
  if (compliance.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-3" role="status" aria-label="Loading compliance">
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
          label="IDS Compliance"
          icon={ShieldCheck}
          value={`${data.compliance_rate}%`}
          hint={
            data.applicable_pairs > 0
              ? STATUS_TEXT[summaryStatus(data.compliance_rate)]
              : 'Nothing applicable'
          }
        />
        <StatCard
          label="Compliant Pairs"
          icon={Percent}
          value={`${formatNumber(data.compliant_pairs)} / ${formatNumber(data.applicable_pairs)}`}
          hint="element × specification pairs meeting every requirement"
        />
        <StatCard
          label="Specifications"
          icon={ListChecks}
          value={formatNumber(data.total_specifications)}
          hint={`checked against ${formatNumber(data.total_elements)} elements (${data.version_tag})`}
        />
      </div>
      {data.specifications.length === 0 ? (
        <Card>
          <EmptyState
            icon={ListChecks}
            title="No IDS specifications found"
            description="Add an IDS file to the project to check this model against its rules."
          />
        </Card>
      ) : (
        <Tabs defaultValue="specifications">
          <SegmentedTabsList>
            <SegmentedTabsTrigger value="specifications">Specifications</SegmentedTabsTrigger>
            <SegmentedTabsTrigger value="charts">Charts &amp; Trends</SegmentedTabsTrigger>
            <SegmentedTabsTrigger value="analysis">Detailed Analysis</SegmentedTabsTrigger>
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
