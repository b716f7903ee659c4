import type { Invitation, Member, ProjectRole } from '@plumbline/contracts';

/**
 * A row's status (the `team.status` message renders it): a member has joined ('active'); an invitation
 * waits for the owner of the address to verify it and accept ('invited'), and past
 * INVITATION_VALID_DAYS it can no longer be accepted until the address is added again ('expired').
 */
export type TeamRowStatus = 'active' | 'invited' | 'expired';

const ROLE_ORDER: Record<ProjectRole, number> = { Admin: 0, Editor: 1, Viewer: 2 };

/** The name a member shows: the account's name, else the e-mail address. */
export function memberDisplayName(member: Pick<Member, 'user'>): string {
  return member.user.name.trim() || member.user.email;
}

/** Up to two letters for the avatar: first and last word of the name, else the e-mail's first letter. */
export function memberInitials(member: Pick<Member, 'user'>): string {
  const words = member.user.name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (first) return `${first[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  return (member.user.email[0] ?? '?').toUpperCase();
}

/** Admins first, then Editors, then Viewers; by name within a role. */
export function sortMembers(members: readonly Member[]): Member[] {
  return [...members].sort(
    (a, b) =>
      ROLE_ORDER[a.projectRole] - ROLE_ORDER[b.projectRole] ||
      memberDisplayName(a).localeCompare(memberDisplayName(b), undefined, { sensitivity: 'base' }),
  );
}

/** Case-insensitive search over name and e-mail (spec 2 §5). */
export function filterMembers(members: readonly Member[], query: string): Member[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...members];
  return members.filter((member) =>
    [member.user.name, member.user.email].some((text) => text.toLowerCase().includes(needle)),
  );
}

export interface MemberStats {
  total: number;
  admins: number;
  editors: number;
  viewers: number;
}

export function computeMemberStats(members: readonly Member[]): MemberStats {
  const count = (role: ProjectRole) => members.filter((member) => member.projectRole === role).length;
  return {
    total: members.length,
    admins: count('Admin'),
    editors: count('Editor'),
    viewers: count('Viewer'),
  };
}

/** Invitations whose e-mail matches the search box, oldest first as the server lists them. */
export function filterInvitations(invitations: readonly Invitation[], query: string): Invitation[] {
  const needle = query.trim().toLowerCase();
  return invitations.filter((invitation) => invitation.email.includes(needle));
}
