import type { ComplianceStatus } from '@plumbline/contracts';
import { StatusIcon } from '@/components/status-icon';
import { cn } from '@/lib/cn';
import { STATUS_COLORS } from '@/lib/compliance-logic';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { STATUS_ORDER } from './compliance-colours';

/**
 * The colour key of the compliance viewer with the server's element counts per status: the same
 * figures as the IDS Compliance cards (decision 0173). Elements without a shape are counted but not
 * drawn; the legend says how many.
 */
export function ComplianceLegend({
  counts,
  drawn = null,
  only = null,
}: {
  counts: Record<ComplianceStatus, number> | null;
  /** How many elements the loaded model draws; null until it is read. */
  drawn?: number | null;
  /** The status filter: the other statuses' keys show faded, as their elements do. */
  only?: ComplianceStatus | null;
}) {
  const t = useT('viewer', 'compliance');
  const total = counts ? STATUS_ORDER.reduce((sum, status) => sum + counts[status], 0) : 0;
  // The elements the view cannot draw: the same population as the cards (contracts/figures.ts).
  const undrawn = counts && drawn !== null ? total - drawn : 0;
  const note = undrawn > 0 ? t('viewer.legend.undrawn', { undrawn, total }) : null;
  return (
    <div className="absolute bottom-2 left-2 z-10 max-w-[calc(100%-1rem)] rounded-lg border border-border bg-card/95 px-3 py-2 text-xs shadow-xs">
      <ul aria-label={t('viewer.legend')} className="flex flex-wrap gap-x-4 gap-y-1">
        {STATUS_ORDER.map((status) => (
          <li
            key={status}
            data-status={status}
            className={cn('flex items-center gap-1.5', only !== null && only !== status && 'opacity-40')}
          >
            <span
              aria-hidden
              className="inline-block size-3 rounded-sm"
              style={{ backgroundColor: STATUS_COLORS[status] }}
            />
            <StatusIcon status={status} />
            <span>{t('compliance.status', { status })}</span>
            {counts ? (
              <span className="text-muted-foreground tabular-nums" data-count>
                {formatNumber(counts[status])}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {note ? (
        <p className="mt-1 text-muted-foreground" data-testid="legend-undrawn">
          {note}
        </p>
      ) : null}
    </div>
  );
}
