import type { Member } from '@plumbline/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { MemberAvatar } from './member-avatar';
import { MEMBER_STATUS, memberDisplayName } from './member-list';
import { isProtectedMember } from './member-permissions';
import { RoleBadge } from './role-badge';

export const MEMBER_TABLE_COLUMNS = ['NAME', 'EMAIL', 'PROJECT ROLE', 'STATUS', 'ACTIONS'] as const;

export interface MemberRowProps {
  member: Member;
  onEdit: () => void;
  onRemove: () => void;
  /** Why the caller may not change members (the disabled buttons' hint); undefined when they may. */
  blockedReason: string | undefined;
}

export function MemberRow({ member, onEdit, onRemove, blockedReason }: MemberRowProps) {
  const name = memberDisplayName(member);
  return (
    <TableRow>
      <TableCell className="max-w-72">
        <div className="flex items-center gap-3">
          <MemberAvatar member={member} />
          <span className="truncate font-medium">{name}</span>
        </div>
      </TableCell>
      <TableCell className="text-muted-foreground">{member.user.email}</TableCell>
      <TableCell>
        <RoleBadge role={member.projectRole} />
      </TableCell>
      <TableCell>
        <Badge variant="success">{MEMBER_STATUS}</Badge>
      </TableCell>
      <TableCell>
        {isProtectedMember(member) ? (
          <span className="text-xs text-muted-foreground">Admins cannot be changed</span>
        ) : (
          <div className="flex items-center gap-1">
            <ActionButton
              label={`Edit role of ${name}`}
              hint="Edit role"
              blockedReason={blockedReason}
              onClick={onEdit}
            >
              <Pencil />
            </ActionButton>
            <ActionButton
              label={`Remove ${name}`}
              hint="Remove member"
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
