import type { Member } from '@plumbline/contracts';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { MEMBER_TABLE_COLUMNS, MemberRow } from './member-row';

export interface MemberTableProps {
  /** Already sorted and filtered by the search box. */
  members: readonly Member[];
  onEdit: (member: Member) => void;
  onRemove: (member: Member) => void;
  blockedReason: string | undefined;
}

/** The members of the selected project (spec 2 §2.8): NAME, EMAIL, PROJECT ROLE, STATUS, ACTIONS. */
export function MemberTable({ members, onEdit, onRemove, blockedReason }: MemberTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {MEMBER_TABLE_COLUMNS.map((column) => (
            <TableHead key={column} scope="col">
              {column}
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
            blockedReason={blockedReason}
          />
        ))}
      </TableBody>
    </Table>
  );
}
