import type { Member } from '@plumbline/contracts';
import { Crown, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { type MessageId, useT } from '@/lib/i18n';
import { MemberAvatar } from './member-avatar';
import { memberDisplayName } from './member-list';
import { protectedMemberReason } from './member-permissions';
import { RoleBadge } from './role-badge';

/** The members table's columns (spec 2 §2.8: NAME, EMAIL, PROJECT ROLE, STATUS, ACTIONS), by message id. */
export const MEMBER_TABLE_COLUMNS = [
  'team.columns.name',
  'team.columns.email',
  'team.columns.role',
  'team.columns.status',
  'team.columns.actions',
] as const satisfies readonly MessageId[];

export interface MemberRowProps {
  member: Member;
  onEdit: () => void;
  onRemove: () => void;
  /** Hand the ownership to this Admin (offered to the owner only). */
  onTransfer: () => void;
  /** Why the caller may not change members (the disabled buttons' hint); undefined when they may. */
  blockedReason: string | undefined;
  /** The caller owns the project: it alone changes other Admins and hands the ownership on. */
  callerIsOwner: boolean;
}

export function MemberRow(props: MemberRowProps) {
  const t = useT('team');
  const { member, onEdit, onRemove, onTransfer, blockedReason, callerIsOwner } = props;
  const name = memberDisplayName(member);
  const protectedReason = protectedMemberReason(member, callerIsOwner);
  return (
    <TableRow>
      <TableCell className="max-w-72">
        <div className="flex items-center gap-3">
          <MemberAvatar member={member} />
          <span className="truncate font-medium">{name}</span>
          {member.isOwner && (
            <Badge variant="default" className="gap-1">
              <Crown className="size-3" aria-hidden="true" /> {t('team.member.owner')}
            </Badge>
          )}
        </div>
      </TableCell>
      <TableCell className="text-muted-foreground">{member.user.email}</TableCell>
      <TableCell>
        <RoleBadge role={member.projectRole} />
      </TableCell>
      <TableCell>
        <Badge variant="success">{t('team.status', { status: 'active' })}</Badge>
      </TableCell>
      <TableCell>
        {protectedReason ? (
          <span className="text-xs text-muted-foreground">{t(protectedReason)}</span>
        ) : (
          <div className="flex items-center gap-1">
            {member.projectRole === 'Admin' && callerIsOwner && (
              <ActionButton
                label={t('team.member.makeOwner', { name })}
                hint={t('team.member.transferHint')}
                blockedReason={blockedReason}
                onClick={onTransfer}
              >
                <Crown />
              </ActionButton>
            )}
            <ActionButton
              label={t('team.member.editLabel', { name })}
              hint={t('team.member.editHint')}
              blockedReason={blockedReason}
              onClick={onEdit}
            >
              <Pencil />
            </ActionButton>
            <ActionButton
              label={t('team.member.removeLabel', { name })}
              hint={t('team.member.removeHint')}
              blockedReason={blockedReason}
              onClick={onRemove}
            >
              <Trash2 />
            </ActionButton>
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

function ActionButton(props: {
  label: string;
  hint: string;
  blockedReason: string | undefined;
  onClick: () => void;
  children: ReactNode;
}) {
  const { label, hint, blockedReason, onClick, children } = props;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* A wrapper keeps the hint reachable when the button itself is disabled. */}
        <span className="inline-flex" tabIndex={blockedReason ? 0 : undefined}>
          <Button
            variant="ghost"
            size="icon"
            onClick={onClick}
            disabled={blockedReason !== undefined}
            aria-label={label}
            title={blockedReason}
          >
            {children}
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{blockedReason ?? hint}</TooltipContent>
    </Tooltip>
  );
}
