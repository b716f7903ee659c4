import type { SpecificationComplianceRow } from '@plumbline/contracts';
import { SpecificationStateBadge } from '@/components/specification-state-badge';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { type ComplianceBand, STATUS_COLORS } from '@/lib/compliance-logic';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { BAND_COLORS } from './band';

/** Detailed Analysis sub-view: one card per specification with its counts and a progress bar. */
export function DetailedAnalysisView({ rows }: { rows: readonly SpecificationComplianceRow[] }) {
  const t = useT('inspector');
  return (
    <div className="grid gap-3 p-4 md:grid-cols-2">
      {rows.map((row) => {
        const rated = row.state === 'passed' || row.state === 'warning' || row.state === 'failed';
        const colour = rated ? BAND_COLORS[row.state as ComplianceBand] : STATUS_COLORS.not_applicable;
        return (
          <Card key={row.specification_id} className="space-y-3 p-4" data-testid="specification-analysis">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{row.name}</p>
                <p className="text-xs text-muted-foreground">
                  {t('inspector.compliance.compliantOf', {
                    compliant: row.compliant_elements,
                    applicable: row.applicable_elements,
                  })}
                </p>
              </div>
              <SpecificationStateBadge state={row.state} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center text-sm">
              {(
                [
                  [t('inspector.compliance.passed'), row.passed],
                  [t('inspector.compliance.warning'), row.warning],
                  [t('inspector.compliance.failed'), row.failed],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted/50 p-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">{formatNumber(value)}</dd>
                </div>
              ))}
            </dl>
            <div className="space-y-1">
              <div className="flex justify-between text-xs text-muted-foreground">
                <span>{t('inspector.compliance.compliance')}</span>
                <span className="tabular-nums">{rated ? formatPercent(row.compliance_rate, 1) : '—'}</span>
              </div>
              <Progress
                value={row.compliance_rate}
                aria-label={t('inspector.compliance.progress', { name: row.name })}
                indicatorClassName="bg-[var(--band)]"
                style={{ '--band': colour } as React.CSSProperties}
              />
            </div>
          </Card>
        );
      })}
    </div>
  );
}
