import type { ContractsMessageId, MemberErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

const table = {
  already_member: 'error.already_member',
  already_invited: 'error.already_invited',
  member_not_found: 'error.member_not_found',
  admin_protected: 'error.admin_protected',
  owner_protected: 'error.owner_protected',
  owner_only: 'error.owner_only',
  not_an_admin: 'error.not_an_admin',
  invitation_not_found: 'error.invitation_not_found',
  invitation_expired: 'error.invitation_expired',
} satisfies Record<MemberErrorCode, ContractsMessageId>;

export const MemberError = defineErrors('MemberError', table);
