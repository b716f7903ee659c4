import type { Invitation, Member } from '@plumbline/contracts';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useT } from '@/lib/i18n';
import { InvitationRow } from './invitation-row';
import { MEMBER_TABLE_COLUMNS, MemberRow } from './member-row';

export interface MemberTableProps {
  /** Already sorted and filtered by the search box. */
  members: readonly Member[];
  /** Pending invitations, listed after the members. */
  invitations: readonly Invitation[];
  onEdit: (member: Member) => void;
  onRemove: (member: Member) => void;
  onTransfer: (member: Member) => void;
  onRevoke: (invitation: Invitation) => void;
  blockedReason: string | undefined;
  callerIsOwner: boolean;
}

/** The members of the selected project (spec 2 §2.8): NAME, EMAIL, PROJECT ROLE, STATUS, ACTIONS. */
export function MemberTable(props: MemberTableProps) {
  const { members, invitations, onEdit, onRemove, onTransfer, onRevoke, blockedReason, callerIsOwner } =
    props;
  const t = useT('team');
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {MEMBER_TABLE_COLUMNS.map((column) => (
            <TableHead key={column} scope="col">
              {t(column)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            onEdit={() => onEdit(member)}
            onRemove={() => onRemove(member)}
            onTransfer={() => onTransfer(member)}
            blockedReason={blockedReason}
            callerIsOwner={callerIsOwner}
          />
        ))}
        {invitations.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            invitation={invitation}
            onRevoke={() => onRevoke(invitation)}
            blockedReason={blockedReason}
          />
        ))}
      </TableBody>
    </Table>
  );
}
