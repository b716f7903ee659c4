import { AlertTriangle } from 'lucide-react';
import { useBillingConfig, useProjectLimits } from '@/lib/billing';
import { cn } from '@/lib/cn';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { type CountedLimit, readLimit } from './plan-limit';

/**
 * The plan's limit where things are added (files, members; issue 17): 'N of M files' and, from 80 %,
 * the server's warning. Shown only where limits exist: not with BILLING=off, not in the demo.
 */
export function PlanLimitCounter({ projectId, type }: { projectId: string; type: CountedLimit }) {
  const { readOnly } = useDataSource();
  const t = useT('app', 'common');
  const config = useBillingConfig();
  const shown = !readOnly && config.data?.enabled === true;
  const limits = useProjectLimits(shown ? projectId : null);
  if (!shown || !limits.data) return null;
  const reading = readLimit(limits.data, type);
  const label = t('common.planLimit.label', { type });
  return (
    <div
      role="status"
      aria-label={label}
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 text-xs',
        reading.severity === 'error'
          ? 'text-destructive'
          : reading.severity === 'warning'
            ? 'text-amber-700'
            : 'text-muted-foreground',
      )}
    >
      {reading.severity ? <AlertTriangle className="size-3.5" aria-hidden="true" /> : null}
      <span className="font-medium tabular-nums">{reading.text}</span>
      {/* Pending invitations hold seats (decision 0305): say how many of the count they are. */}
      {type === 'users' && (limits.data.usage.invited ?? 0) > 0 ? (
        <span>{t('app.planLimit.invited', { count: limits.data.usage.invited ?? 0 })}</span>
      ) : null}
      {reading.notice ? <span>{reading.notice}</span> : null}
    </div>
  );
}
