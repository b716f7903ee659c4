import type { SpecificationComplianceRow } from '@plumbline/contracts';
import { SpecificationStateBadge } from '@/components/specification-state-badge';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { type ComplianceBand, STATUS_COLORS } from '@/lib/compliance-logic';
import { formatNumber } from '@/lib/format';
import { BAND_COLORS } from './band';

/** Detailed Analysis sub-view: one card per specification with its counts and a progress bar. */
export function DetailedAnalysisView({ rows }: { rows: readonly SpecificationComplianceRow[] }) {
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
                  {formatNumber(row.compliant_elements)} of {formatNumber(row.applicable_elements)} applicable
                  elements compliant
                </p>
              </div>
              <SpecificationStateBadge state={row.state} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center text-sm">
              {(
                [
                  ['Passed', row.passed],
                  ['Warning', row.warning],
                  ['Failed', row.failed],
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
                <span>Compliance</span>
                <span className="tabular-nums">{rated ? `${row.compliance_rate}%` : '—'}</span>
              </div>
              <Progress
                value={row.compliance_rate}
                aria-label={`${row.name} compliance`}
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
