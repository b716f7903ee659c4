import type { Member } from '@plumbline/contracts';
import { memberInitials } from './member-list';

/** The member's picture when they have one, else their initials on the accent tint. */
export function MemberAvatar({ member }: { member: Member }) {
  if (member.user.avatar) {
    return <img src={member.user.avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
    >
      {memberInitials(member)}
    </span>
  );
}
