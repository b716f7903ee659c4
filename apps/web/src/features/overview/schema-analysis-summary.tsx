import type { IdsCompliance } from '@plumbline/contracts';
import { BarChart3 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useBackgroundSettle } from '@/lib/use-background-settle';
import { coverageLabel, useSchemaSummary } from './attribute-analysis';

const LABEL_STYLE = {
  Excellent: { variant: 'success', bar: 'bg-green-600' },
  Good: { variant: 'warning', bar: 'bg-yellow-500' },
  'Needs Attention': { variant: 'destructive', bar: 'bg-red-600' },
} as const;

/** Spec 1 §2.2 'Schema Analysis Summary': how much of what the models carry the project's IDS covers. */
export function SchemaAnalysisSummary({
  projectId,
  idsCompliance,
}: {
  projectId: string;
  /** The Overview's IDS compliance (the server's one figure), not a second average (issue 35). */
  idsCompliance: IdsCompliance;
}) {
  const t = useT('overview');
  const { data, isPending, isError, error } = useSchemaSummary(projectId);
  const pending = useBackgroundSettle(isPending) && !isError;
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BarChart3 className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('overview.schema.title')}
        </CardTitle>
        <CardDescription>{t('overview.schema.description')}</CardDescription>
      </CardHeader>
      {pending ? (
        <CardContent>
          <Skeleton className="h-28 w-full" />
        </CardContent>
      ) : isError ? (
        <EmptyState title={t('overview.schema.emptyTitle')} description={errorMessage(error)} />
      ) : !data || data.totalAttributes === 0 ? (
        <EmptyState
          title={t('overview.schema.emptyTitle')}
          description={t('overview.schema.emptyDescription')}
        />
      ) : (
        <CardContent className="space-y-4">
          <div>
            <div className="mb-1.5 flex items-center justify-between text-sm">
              <span className="font-medium">{t('overview.schema.coverageRate')}</span>
              <span className="flex items-center gap-2 tabular-nums">
                {formatPercent(data.coverageRate, 1, true)}
                <Badge variant={LABEL_STYLE[coverageLabel(data.coverageRate)].variant}>
                  {t('overview.schema.coverage', { label: coverageLabel(data.coverageRate) })}
                </Badge>
              </span>
            </div>
            <Progress
              value={data.coverageRate}
              indicatorClassName={LABEL_STYLE[coverageLabel(data.coverageRate)].bar}
              aria-label={t('overview.schema.coverageRateLabel')}
            />
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure
              label={t('overview.schema.specifications')}
              value={formatNumber(data.totalSpecifications)}
            />
            <Figure label={t('overview.schema.propertyFacets')} value={formatNumber(data.propertyFacets)} />
            <Figure label={t('overview.schema.totalAttributes')} value={formatNumber(data.totalAttributes)} />
            <Figure
              label={t('overview.schema.idsCompliance')}
              value={formatPercent(idsCompliance.compliance_rate, 1)}
              title={t('overview.schema.idsComplianceHint')}
            />
            <Figure label={t('overview.schema.covered')} value={formatNumber(data.coveredAttributes)} />
            <Figure label={t('overview.schema.notCovered')} value={formatNumber(data.notCoveredAttributes)} />
            <Figure
              label={t('overview.schema.highPriorityMissing')}
              value={formatNumber(data.highPriorityMissing)}
            />
          </dl>
        </CardContent>
      )}
    </Card>
  );
}

function Figure({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="rounded-lg bg-surface p-2" title={title}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
