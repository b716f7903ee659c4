import type { TrendPoint } from '@plumbline/contracts';
import { TrendingUp } from 'lucide-react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartLabelTick, type ChartTickProps } from '@/components/chart-label-tick';
import { EmptyState } from '@/components/ui/empty-state';
import { useVisualizationColors } from './queries';
import {
  FALLBACK_TREND_COLORS,
  fitTrendLabel,
  normalizeTrend,
  TREND_SERIES,
  type TrendSeries,
} from './trend';

const SERIES_NAMES: Record<TrendSeries, string> = {
  exists: 'Exists',
  populated: 'Populated',
  compliant: 'Compliant',
  compliance_score: 'Compliance score',
};

/** Project Compliance Trend (spec 1 §2.2): one line per category, vertical range 0 to 100. */
export function ComplianceTrendChart({ points }: { points: readonly TrendPoint[] }) {
  const colors = useVisualizationColors().data ?? FALLBACK_TREND_COLORS;
  const rows = normalizeTrend(points);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={TrendingUp}
        title="No compliance trend data available"
        description="The trend builds up as model versions are checked against active IDS files."
      />
    );
  }
  return (
    <figure className="h-72 px-2 pb-4" aria-label="Project Compliance Trend chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ left: 0, right: 24, top: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* The first and last labels always drawn (recharts' default dropped the first), with room
              at both ends so neither is cut at the chart's edge; long ones cut, full on hover. */}
          <XAxis
            dataKey="label"
            interval="preserveStartEnd"
            padding={{ left: 48, right: 48 }}
            tick={(props: ChartTickProps) => <ChartLabelTick {...props} fit={fitTrendLabel} dy="0.71em" />}
          />
          <YAxis domain={[0, 100]} unit="%" width={48} tick={{ fontSize: 12 }} />
          <Tooltip
            formatter={(value) => `${value}%`}
            labelFormatter={(label, payload) => {
              const row = payload?.[0]?.payload as { file_name?: string } | undefined;
              const text = String(label);
              return row?.file_name && !text.includes(row.file_name) ? `${text} (${row.file_name})` : text;
            }}
          />
          {/* The swatch keeps the series colour; the name is in the text colour (the green of
              "Compliant" is 3.3:1 on white, below WCAG AA). */}
          <Legend formatter={(name) => <span className="text-foreground">{name}</span>} />
          {TREND_SERIES.map((series) => (
            <Line
              key={series}
              type="monotone"
              dataKey={series}
              name={SERIES_NAMES[series]}
              stroke={colors[series]}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
