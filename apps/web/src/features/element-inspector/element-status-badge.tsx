import type { ElementComplianceStatus } from '@plumbline/contracts';
import { StatusIcon } from '@/components/status-icon';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n';
import { STATUS_TONE } from './compliance-status';

/** An element's verdict badge; Waived carries the shield cue of the viewer and legend (issue 32). */
export function ElementStatusBadge({
  status,
  label,
}: {
  status: ElementComplianceStatus;
  /** The accessible name, when it should say more than the word. */
  label?: string;
}) {
  const t = useT('compliance');
  return (
    <Badge variant={STATUS_TONE[status]} aria-label={label} data-element-status={status}>
      {status === 'waived' && <StatusIcon status="waived" />}
      {t('compliance.elementStatus', { status })}
    </Badge>
  );
}
