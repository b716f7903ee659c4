import type { ComplianceChartRow } from '@plumbline/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartLabelTick, type ChartTickProps } from '@/components/chart-label-tick';
import { chartLabelMargin, fitChartLabel, normaliseChartRows, STATUS_COLORS } from '@/lib/compliance-logic';
import { formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';

/**
 * Charts & Trends sub-view: 'Schema Compliance Overview', a stacked horizontal bar per specification.
 * The three segments add up to the exists share: compliant, populated but not compliant, and present
 * but missing a required value.
 */
export function ChartsView({ rows }: { rows: readonly ComplianceChartRow[] }) {
  const t = useT('inspector');
  const bars = normaliseChartRows(rows).map((bar) => ({
    label: bar.label,
    compliant: bar.compliant,
    populatedOnly: Math.max(0, Math.round((bar.populated - bar.compliant) * 10) / 10),
    missing: Math.max(0, Math.round((bar.exists - bar.populated) * 10) / 10),
  }));
  const margin = chartLabelMargin(bars.map((bar) => bar.label));
  const height = Math.max(160, bars.length * 44 + 80);
  return (
    <figure
      className="space-y-2 p-4 [&_svg:focus-visible]:outline-2 [&_svg:focus-visible]:outline-ring"
      aria-label={t('inspector.charts.title')}
    >
      <figcaption className="text-base font-semibold">{t('inspector.charts.title')}</figcaption>
      <p className="text-xs text-muted-foreground">{t('inspector.charts.description')}</p>
      <div style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          {/* Recharts' keyboard layer makes the drawing a Tab stop (role "application"): named, with its
              keys; the arrows move the tooltip from bar to bar. */}
          <BarChart
            data={bars}
            layout="vertical"
            margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
            aria-label={t('inspector.charts.label')}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" domain={[0, 100]} unit="%" />
            <YAxis
              type="category"
              dataKey="label"
              width={margin}
              tick={(props: ChartTickProps) => (
                <ChartLabelTick {...props} fit={(label) => fitChartLabel(label, margin)} dy="0.32em" />
              )}
            />
            <Tooltip formatter={(value) => formatPercent(Number(value), 1)} />
            <Legend />
            <Bar
              dataKey="compliant"
              name={t('inspector.charts.compliant')}
              stackId="share"
              fill={STATUS_COLORS.passed}
              isAnimationActive={false}
            />
            <Bar
              dataKey="populatedOnly"
              name={t('inspector.charts.populatedOnly')}
              stackId="share"
              fill={STATUS_COLORS.warning}
              isAnimationActive={false}
            />
            <Bar
              dataKey="missing"
              name={t('inspector.charts.missing')}
              stackId="share"
              fill={STATUS_COLORS.failed}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
