import { type Member, type ProjectRole, projectPermissions } from '@plumbline/contracts';
import type { MessageId } from '@/lib/i18n';
import { actionBlockedReason, demoBlockedReason } from '../projects/permissions';

export { demoBlockedReason };
/** The permission table's message for a non-Admin (its id; `t` renders it). */
/** The permission table's message for a non-Admin (its id; `t` renders it). */
export const ADMIN_ONLY = projectPermissions['members.manage'].reason;

/**
 * Why the caller may not add, edit or remove members of the selected project, or undefined when they may:
 * only Admins manage the team (spec 2 §6; the permission table the server also uses), and demo data
 * is never modified.
 */
export function manageMembersBlockedReason(
  callerRole: ProjectRole | undefined,
  readOnly: boolean,
): string | undefined {
  return actionBlockedReason(callerRole, 'members.manage', readOnly);
}

/** Why a row has no actions, as message ids (the `team` catalogue renders them). */
export const OWNER_PROTECTED = 'team.member.ownerProtected' satisfies MessageId;
export const ADMINS_OWNER_ONLY = 'team.member.adminsOwnerOnly' satisfies MessageId;

/**
 * Why a member's row has no actions, or undefined when it has: the owner is never changed, and other
 * Admins only by the owner (spec 2 §5 'Admin members cannot be edited or removed', decision 0158).
 */
export function protectedMemberReason(
  member: Pick<Member, 'projectRole' | 'isOwner'>,
  callerIsOwner: boolean,
): typeof OWNER_PROTECTED | typeof ADMINS_OWNER_ONLY | undefined {
  if (member.isOwner) return OWNER_PROTECTED;
  if (member.projectRole === 'Admin' && !callerIsOwner) return ADMINS_OWNER_ONLY;
  return undefined;
}
