import type { MemberErrorCode } from '@plumbline/contracts';
import { defineErrors, type ErrorSpec } from '../../platform/errors';

const table = {
  already_member: { status: 409, message: 'This person is already a member of the project' },
  already_invited: { status: 409, message: 'This address has already been invited to the project' },
  member_not_found: { status: 404, message: 'Member not found' },
  admin_protected: { status: 403, message: 'Only the project owner can change or remove Admin members' },
  owner_protected: {
    status: 403,
    message: 'The project owner cannot be removed or demoted. Transfer the ownership first.',
  },
  owner_only: { status: 403, message: 'Only the project owner can transfer the ownership' },
  not_an_admin: { status: 400, message: 'The ownership can only go to an Admin member of the project' },
  invitation_not_found: { status: 404, message: 'Invitation not found' },
} satisfies Record<MemberErrorCode, ErrorSpec>;

export const MemberError = defineErrors('MemberError', table);
