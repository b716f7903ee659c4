import type { ContractsMessageId, ProfileErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

const table = {
  avatar_invalid: 'error.avatar_invalid',
  avatar_too_large: 'error.avatar_too_large',
  profile_not_found: 'error.profile_not_found',
} satisfies Record<ProfileErrorCode, ContractsMessageId>;

export const ProfileError = defineErrors('ProfileError', table);
