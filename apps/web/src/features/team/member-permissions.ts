import type { Member, ProjectRole } from '@plumbline/contracts';

export const DEMO_BLOCKED = 'Demo data cannot be modified.';
export const ADMIN_ONLY = 'Only project Admins can add, edit or remove members.';

/**
 * Why the caller may not add, edit or remove members of the selected project, or undefined when they may:
 * only Admins manage the team (spec 2 §6), and demo data is never modified.
 */
export function manageMembersBlockedReason(
  callerRole: ProjectRole | undefined,
  readOnly: boolean,
): string | undefined {
  if (readOnly) return DEMO_BLOCKED;
  if (callerRole !== 'Admin') return ADMIN_ONLY;
  return undefined;
}

/** Admin members cannot be edited or removed (spec 2 §5, §6): their rows have no actions. */
export function isProtectedMember(member: Pick<Member, 'projectRole'>): boolean {
  return member.projectRole === 'Admin';
}
