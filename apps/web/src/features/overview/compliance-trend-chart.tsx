import type { TrendPoint } from '@plumbline/contracts';
import { TrendingUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useVisualizationColors } from './queries';
import { FALLBACK_TREND_COLORS, normalizeTrend } from './trend';

// Recharts (about 100 kB brotli with d3) loads on demand: only when there is a trend to draw and the
// chart, below the fold on a phone, comes near the viewport.
const TrendLineChart = lazy(async () => ({ default: (await import('./trend-line-chart')).TrendLineChart }));

/** Project Compliance Trend (spec 1 §2.2): one line per category, vertical range 0 to 100. */
export function ComplianceTrendChart({ points }: { points: readonly TrendPoint[] }) {
  const t = useT('overview');
  const rows = normalizeTrend(points);
  const [figure, near] = useNearViewport();
  // Asked for with the chart's code, not with the Overview's first view (the page's largest text).
  const colors = useVisualizationColors(near && rows.length > 0).data ?? FALLBACK_TREND_COLORS;
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={TrendingUp}
        title={t('overview.trend.emptyTitle')}
        description={t('overview.trend.emptyDescription')}
      />
    );
  }
  return (
    <figure
      ref={figure}
      className="h-72 px-2 pb-4 [&_svg:focus-visible]:outline-2 [&_svg:focus-visible]:outline-ring"
      aria-label={t('overview.trend.chartLabel')}
    >
      {near ? (
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <TrendLineChart rows={rows} colors={colors} />
        </Suspense>
      ) : (
        <Skeleton className="h-full w-full" />
      )}
    </figure>
  );
}
