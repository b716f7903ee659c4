import type { ElementComplianceStatus } from '@plumbline/contracts';
import { StatusIcon } from '@/components/status-icon';
import { Badge } from '@/components/ui/badge';
import { STATUS_LABEL, STATUS_TONE } from './compliance-status';

/** An element's verdict badge; Waived carries the shield cue of the viewer and legend (issue 32). */
export function ElementStatusBadge({
  status,
  label,
}: {
  status: ElementComplianceStatus;
  /** The accessible name, when it should say more than the word. */
  label?: string;
}) {
  return (
    <Badge variant={STATUS_TONE[status]} aria-label={label} data-element-status={status}>
      {status === 'waived' && <StatusIcon status="waived" />}
      {STATUS_LABEL[status]}
    </Badge>
  );
}
