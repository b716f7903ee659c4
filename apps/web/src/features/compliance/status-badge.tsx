import type { ComplianceStatus } from '@plumbline/contracts';
import { StatusIcon } from '@/components/status-icon';
import { useT } from '@/lib/i18n';

/** A status with its legend colour and shape (passed green tick, warning yellow triangle, failed red cross, not applicable grey dash). */
export function StatusBadge({ status }: { status: ComplianceStatus }) {
  const t = useT('compliance');
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium whitespace-nowrap">
      <StatusIcon status={status} />
      {t('compliance.status', { status })}
    </span>
  );
}
