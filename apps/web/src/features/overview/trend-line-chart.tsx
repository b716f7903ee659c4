import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartLabelTick, type ChartTickProps } from '@/components/chart-label-tick';
import { formatPercent } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { fitTrendLabel, TREND_SERIES, type TrendColors, type TrendRow, type TrendSeries } from './trend';

const SERIES_NAMES: Record<TrendSeries, MessageId> = {
  exists: 'overview.categories.exists',
  populated: 'overview.categories.populated',
  compliant: 'overview.categories.compliant',
  compliance_score: 'overview.trend.score',
};

/**
 * The trend's line chart (recharts). Its own module so recharts loads only when a project has a trend
 * to draw (`ComplianceTrendChart` imports it lazily, decision 0176).
 */
export function TrendLineChart({ rows, colors }: { rows: TrendRow[]; colors: TrendColors }) {
  const t = useT('overview');
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* Recharts' keyboard layer makes the drawing a Tab stop (role "application"); it is named and
          says its keys, and the arrows move the tooltip from version to version. */}
      <LineChart
        data={rows}
        margin={{ left: 0, right: 24, top: 8, bottom: 8 }}
        aria-label={t('overview.trend.chartKeys')}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/* The first and last labels always drawn (recharts' default dropped the first), with room
            at both ends so neither is cut at the chart's edge; long ones cut, full on hover. */}
        <XAxis
          dataKey="label"
          interval="preserveStartEnd"
          padding={{ left: 48, right: 48 }}
          tick={(props: ChartTickProps) => <ChartLabelTick {...props} fit={fitTrendLabel} dy="0.71em" />}
        />
        <YAxis
          domain={[0, 100]}
          tickFormatter={(value: number) => formatPercent(value, 1)}
          width={48}
          tick={{ fontSize: 12 }}
        />
        <Tooltip
          formatter={(value) => formatPercent(Number(value), 1)}
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
            name={t(SERIES_NAMES[series])}
            stroke={colors[series]}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
