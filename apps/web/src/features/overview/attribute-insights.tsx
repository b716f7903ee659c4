import { CheckCircle2, Lightbulb } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useBackgroundSettle } from '@/lib/use-background-settle';
import { OVERVIEW_RECOMMENDATIONS, useAttributeInsights, useSchemaSummary } from './attribute-analysis';

const PRIORITY = {
  high: 'destructive',
  medium: 'warning',
  low: 'secondary',
} as const;

/** Spec 1 §2.2 'Attribute Insights': the gaps between the models and the IDS, and what to add first. */
export function AttributeInsights({ projectId }: { projectId: string }) {
  const t = useT('overview');
  const insights = useAttributeInsights(projectId);
  const summary = useSchemaSummary(projectId);
  const data = insights.data;
  const analysed = (summary.data?.totalAttributes ?? 0) > 0;
  const pending = useBackgroundSettle(insights.isPending || summary.isPending);
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Lightbulb className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('overview.insights.title')}
        </CardTitle>
        <CardDescription>{t('overview.insights.description')}</CardDescription>
      </CardHeader>
      {pending ? (
        <CardContent>
          <Skeleton className="h-28 w-full" />
        </CardContent>
      ) : insights.isError ? (
        <EmptyState title={t('overview.noAnalysisData')} description={errorMessage(insights.error)} />
      ) : !analysed || !data ? (
        <EmptyState
          title={t('overview.noAnalysisData')}
          description={t('overview.insights.emptyDescription')}
        />
      ) : data.totalGaps === 0 ? (
        <EmptyState
          icon={CheckCircle2}
          title={t('overview.insights.excellentTitle')}
          description={t('overview.insights.excellentDescription')}
        />
      ) : (
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label={t('overview.insights.totalGaps')} value={formatNumber(data.totalGaps)} />
            <Figure label={t('overview.insights.highPriority')} value={formatNumber(data.highPriorityGaps)} />
            <Figure
              label={t('overview.insights.averageOccurrence')}
              value={formatPercent(data.averageOccurrence, 1, true)}
            />
            <Figure
              label={t('overview.insights.coverageOpportunity')}
              value={t('overview.insights.gain', { share: formatPercent(data.coverageOpportunity, 1, true) })}
            />
          </dl>
          {data.topRecommendations.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('overview.insights.allReviewed')}</p>
          )}
          <ul className="space-y-2" aria-label={t('overview.insights.top')}>
            {data.topRecommendations.slice(0, OVERVIEW_RECOMMENDATIONS).map((r) => (
              <li key={r.id} className="rounded-lg border border-border p-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{r.name}</p>
                    <p className="truncate text-xs text-muted-foreground">{r.propertySet}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2 text-xs tabular-nums">
                    {formatPercent(r.occurrence, 1, true)}
                    <Badge variant={PRIORITY[r.priority]}>
                      {t('overview.insights.priority', { priority: r.priority })}
                    </Badge>
                  </div>
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t('overview.insights.reason', {
                    occurrence: formatPercent(r.occurrence, 1, true),
                    filled: r.helpfulness >= 100 ? 'always' : 'partly',
                    helpfulness: formatPercent(r.helpfulness, 1, true),
                  })}
                </p>
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-surface p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
