import type { ComplianceStatus } from '@plumbline/contracts';
import { STATUS_COLORS, STATUS_LABELS } from '@/lib/compliance-logic';

/** A status with its legend colour (passed green, warning yellow, failed red, not applicable grey). */
export function StatusBadge({ status }: { status: ComplianceStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium whitespace-nowrap">
      <span
        aria-hidden="true"
        className="inline-block size-2.5 rounded-full"
        style={{ backgroundColor: STATUS_COLORS[status] }}
      />
      {STATUS_LABELS[status]}
    </span>
  );
}
