import type { ComplianceStatus } from '@plumbline/contracts';
import { STATUS_LABELS } from './compliance-logic';
import { StatusIcon } from './status-icon';

/** A status with its legend colour and shape (passed green tick, warning yellow triangle, failed red cross, not applicable grey dash). */
export function StatusBadge({ status }: { status: ComplianceStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium whitespace-nowrap">
      <StatusIcon status={status} />
      {STATUS_LABELS[status]}
    </span>
  );
}
