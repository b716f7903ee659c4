import type { Invitation } from '@plumbline/contracts';
import { X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { RoleBadge } from './role-badge';

export interface InvitationRowProps {
  invitation: Invitation;
  onRevoke: () => void;
  /** Why the caller may not revoke (non-Admins, the demo); undefined when they may. */
  blockedReason: string | undefined;
}

/** An address asked to join and not yet a member: it has no name until its owner accepts. */
export function InvitationRow({ invitation, onRevoke, blockedReason }: InvitationRowProps) {
  const t = useT('team');
  return (
    <TableRow>
      <TableCell className="max-w-72">
        <div className="flex items-center gap-3">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full border border-dashed border-border text-xs font-medium text-muted-foreground"
            aria-hidden="true"
          >
            {(invitation.email[0] ?? '?').toUpperCase()}
          </span>
          <span className="truncate text-muted-foreground italic">{t('team.invitation.pending')}</span>
        </div>
      </TableCell>
      <TableCell className="text-muted-foreground">{invitation.email}</TableCell>
      <TableCell>
        <RoleBadge role={invitation.role} />
      </TableCell>
      <TableCell>
        {invitation.expired ? (
          <div className="flex flex-col items-start gap-1">
            <Badge variant="destructive">{t('team.status', { status: 'expired' })}</Badge>
            <span className="text-xs text-muted-foreground">{t('team.invitation.renew')}</span>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-1">
            <Badge variant="warning">{t('team.status', { status: 'invited' })}</Badge>
            <span className="text-xs text-muted-foreground">
              {t('team.invitation.until', { date: formatDate(invitation.expiresAt) })}
            </span>
          </div>
        )}
      </TableCell>
      <TableCell>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRevoke}
          disabled={blockedReason !== undefined}
          title={blockedReason}
          aria-label={t('team.invitation.revokeLabel', { email: invitation.email })}
        >
          <X /> {t('team.invitation.revoke')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
