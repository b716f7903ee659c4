import { defineErrors } from '../../platform/errors';

export const MemberError = defineErrors('MemberError', {
  no_such_account: { status: 404, message: 'No account exists with that email address' },
  already_member: { status: 409, message: 'This person is already a member of the project' },
  member_not_found: { status: 404, message: 'Member not found' },
  admin_protected: { status: 403, message: 'Admin members cannot be edited or removed' },
});
