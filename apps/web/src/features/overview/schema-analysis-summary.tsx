import { BarChart3 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { useBackgroundSettle } from '@/lib/use-background-settle';
import { coverageLabel, useSchemaSummary } from './attribute-analysis';

const LABEL_STYLE = {
  Excellent: { variant: 'success', bar: 'bg-green-600' },
  Good: { variant: 'warning', bar: 'bg-yellow-500' },
  'Needs Attention': { variant: 'destructive', bar: 'bg-red-600' },
} as const;

/** Spec 1 §2.2 'Schema Analysis Summary': how much of what the models carry the project's IDS covers. */
export function SchemaAnalysisSummary({ projectId }: { projectId: string }) {
  const { data, isPending, isError, error } = useSchemaSummary(projectId);
  const pending = useBackgroundSettle(isPending) && !isError;
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BarChart3 className="size-4 text-muted-foreground" aria-hidden="true" />
          Schema Analysis Summary
        </CardTitle>
        <CardDescription>Coverage of model attributes by IDS rules.</CardDescription>
      </CardHeader>
      {pending ? (
        <CardContent>
          <Skeleton className="h-28 w-full" />
        </CardContent>
      ) : isError ? (
        <EmptyState title="No schema analysis data available" description={errorMessage(error)} />
      ) : !data || data.totalAttributes === 0 ? (
        <EmptyState
          title="No schema analysis data available"
          description="Appears after the first model is processed."
        />
      ) : (
        <CardContent className="space-y-4">
          <div>
            <div className="mb-1.5 flex items-center justify-between text-sm">
              <span className="font-medium">Coverage Rate</span>
              <span className="flex items-center gap-2 tabular-nums">
                {data.coverageRate.toFixed(1)}%
                <Badge variant={LABEL_STYLE[coverageLabel(data.coverageRate)].variant}>
                  {coverageLabel(data.coverageRate)}
                </Badge>
              </span>
            </div>
            <Progress
              value={data.coverageRate}
              indicatorClassName={LABEL_STYLE[coverageLabel(data.coverageRate)].bar}
              aria-label="Coverage rate"
            />
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label="Specifications" value={formatNumber(data.totalSpecifications)} />
            <Figure label="Property Facets" value={formatNumber(data.propertyFacets)} />
            <Figure label="Total Attributes" value={formatNumber(data.totalAttributes)} />
            <Figure label="Average Compliance" value={`${data.averageCompliance.toFixed(1)}%`} />
            <Figure label="Covered" value={formatNumber(data.coveredAttributes)} />
            <Figure label="Not Covered" value={formatNumber(data.notCoveredAttributes)} />
            <Figure label="High Priority Missing" value={formatNumber(data.highPriorityMissing)} />
          </dl>
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
