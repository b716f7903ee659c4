import type { ChangeKind, ComplianceStatus } from '@plumbline/contracts';
import { StatusIcon } from '@/components/status-icon';

/** A new failure fails, a resolved one passes, a removed one's element is gone: colour and shape each. */
const KIND_STATUS: Record<ChangeKind, ComplianceStatus> = {
  new: 'failed',
  resolved: 'passed',
  removed: 'not_applicable',
};

export function KindIcon({ kind, className }: { kind: ChangeKind; className?: string }) {
  return <StatusIcon status={KIND_STATUS[kind]} className={className} />;
}
