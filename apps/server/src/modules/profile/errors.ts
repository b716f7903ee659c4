import type { ProfileErrorCode } from '@plumbline/contracts';
import { defineErrors, type ErrorSpec } from '../../platform/errors';

const table = {
  avatar_invalid: { status: 400, message: 'The file is corrupted or not a valid image.' },
  avatar_too_large: { status: 413, message: 'The image must be 5 MB or smaller.' },
  profile_not_found: { status: 404, message: 'Profile not found' },
} satisfies Record<ProfileErrorCode, ErrorSpec>;

export const ProfileError = defineErrors('ProfileError', table);
