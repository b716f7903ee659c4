import type { ProfileErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

const table = {
  avatar_invalid: 'The file is corrupted or not a valid image.',
  avatar_too_large: 'The image must be 5 MB or smaller.',
  profile_not_found: 'Profile not found',
} satisfies Record<ProfileErrorCode, string>;

export const ProfileError = defineErrors('ProfileError', table);
