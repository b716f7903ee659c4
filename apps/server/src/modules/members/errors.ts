import type { MemberErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

const table = {
  already_member: 'This person is already a member of the project',
  already_invited: 'This address has already been invited to the project',
  member_not_found: 'Member not found',
  admin_protected: 'Only the project owner can change or remove Admin members',
  owner_protected: 'The project owner cannot be removed or demoted. Transfer the ownership first.',
  owner_only: 'Only the project owner can transfer the ownership',
  not_an_admin: 'The ownership can only go to an Admin member of the project',
  invitation_not_found: 'Invitation not found',
  invitation_expired: 'This invitation has expired. Ask an Admin of the project to invite you again.',
} satisfies Record<MemberErrorCode, string>;

export const MemberError = defineErrors('MemberError', table);
