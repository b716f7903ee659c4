import type { ComplianceStatus } from '@plumbline/contracts';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { STATUS_COLORS, STATUS_LABELS } from '../compliance/compliance-logic';
import { StatusIcon } from '../compliance/status-icon';
import { STATUS_ORDER } from './compliance-colours';

/** The colour key of the compliance viewer (colour swatch, shape and name), with how many elements of the model show each colour. */
export function ComplianceLegend({
  counts,
  only = null,
}: {
  counts: Record<ComplianceStatus, number> | null;
  /** The status filter: the other statuses' keys show faded, as their elements do. */
  only?: ComplianceStatus | null;
}) {
  return (
    <ul
      aria-label="Compliance colour legend"
      className="absolute bottom-2 left-2 z-10 flex flex-wrap gap-x-4 gap-y-1 rounded-lg border border-border bg-card/95 px-3 py-2 text-xs shadow-xs"
    >
      {STATUS_ORDER.map((status) => (
        <li
          key={status}
          className={cn('flex items-center gap-1.5', only !== null && only !== status && 'opacity-40')}
        >
          <span
            aria-hidden
            className="inline-block size-3 rounded-sm"
            style={{ backgroundColor: STATUS_COLORS[status] }}
          />
          <StatusIcon status={status} />
          <span>{STATUS_LABELS[status]}</span>
          {counts ? (
            <span className="text-muted-foreground tabular-nums">{formatNumber(counts[status])}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
