import type { Waiver, WaiverState } from '@plumbline/contracts';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useDecideWaiver } from '@/lib/waiver-queries';

const TONE: Record<WaiverState, 'default' | 'success' | 'warning' | 'destructive' | 'secondary'> = {
  requested: 'default',
  approved: 'success',
  needs_review: 'warning',
  rejected: 'destructive',
  expired: 'secondary',
};

const name = (p: { full_name: string | null; email: string | null } | null) => p?.full_name ?? p?.email ?? '';

/**
 * One waiver of the Waivers view; an Admin decides a pending one here, except their own request
 * unless the project allows it (`blocked` says why not).
 */
export function WaiverRow({
  projectId,
  waiver: w,
  canDecide,
  ownBlocked,
}: {
  projectId: string;
  waiver: Waiver;
  canDecide: string | undefined;
  /** Why this Admin may not decide this waiver (their own request), or undefined. */
  ownBlocked: string | undefined;
}) {
  const t = useT('waivers');
  const decide = useDecideWaiver(projectId);
  const pending = w.state === 'requested' || w.state === 'needs_review';
  const blocked = canDecide ?? ownBlocked;
  const act = (outcome: 'approve' | 'reject') =>
    decide.mutate(
      { waiverId: w.id, outcome },
      {
        onSuccess: () => toast.success(t('waivers.decided', { outcome })),
        onError: (error) => toast.error(t('waivers.decideFailed', { reason: errorMessage(error) })),
      },
    );
  return (
    <TableRow data-waiver-id={w.id} data-state={w.state}>
      <TableCell>
        <Badge variant={TONE[w.state]}>{t('waivers.stateName', { state: w.state })}</Badge>
      </TableCell>
      <TableCell>
        <p className="font-medium">{w.specification.name}</p>
        <p className="text-xs text-muted-foreground">
          {t('waivers.appliesTo', { scope: w.scope, subject: w.subject_label ?? w.subject ?? '' })}
        </p>
        {w.state === 'approved' && (
          <p className="text-xs text-muted-foreground">
            {t('waivers.findings', { count: w.waived_findings })}
          </p>
        )}
      </TableCell>
      <TableCell className="max-w-72">
        <p className="text-sm break-words">{w.reason}</p>
        {w.reference && <p className="text-xs text-muted-foreground break-words">{w.reference}</p>}
      </TableCell>
      <TableCell className="text-sm">
        {t('waivers.byOn', { name: name(w.requested_by), date: formatDate(w.requested_at) })}
        {w.decided_by && (
          <p className="text-xs text-muted-foreground">
            {t('waivers.decidedBy', { name: name(w.decided_by) })}
          </p>
        )}
      </TableCell>
      <TableCell className="text-sm tabular-nums">{formatDate(w.expires_at)}</TableCell>
      <TableCell className="text-right">
        {pending && (
          <div className="flex justify-end gap-1.5" title={blocked}>
            <Button
              size="sm"
              disabled={blocked !== undefined || decide.isPending}
              onClick={() => act('approve')}
            >
              {t('waivers.approve')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={blocked !== undefined || decide.isPending}
              onClick={() => act('reject')}
            >
              {t('waivers.reject')}
            </Button>
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}
