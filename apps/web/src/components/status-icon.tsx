import type { ComplianceStatus } from '@plumbline/contracts';
import { CircleCheck, CircleMinus, CircleX, ShieldCheck, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { STATUS_COLORS } from '@/lib/compliance-logic';

const ICONS = {
  passed: CircleCheck,
  waived: ShieldCheck,
  warning: TriangleAlert,
  failed: CircleX,
  not_applicable: CircleMinus,
} as const satisfies Record<ComplianceStatus, unknown>;

/**
 * A status's colour and shape together (issue 21): a tick, a shield, a triangle, a cross, a dash. The spec's
 * green and red are hard to tell apart with deuteranopia or protanopia; the shape is not. A waived
 * failure (issue 32) is a shield. Decorative:
 * the status's name is always written beside it.
 */
export function StatusIcon({ status, className }: { status: ComplianceStatus; className?: string }) {
  const Icon = ICONS[status];
  return (
    <Icon
      aria-hidden="true"
      data-status-icon={status}
      className={cn('size-3.5 shrink-0', className)}
      style={{ color: STATUS_COLORS[status] }}
      strokeWidth={2.5}
    />
  );
}
