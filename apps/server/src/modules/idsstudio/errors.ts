import type { IdsStudioErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const IdsStudioError = defineErrors('IdsStudioError', {
  file_not_found: 'File not found',
  version_not_found: 'Version not found',
  no_processed_version: 'The file has no processed version yet.',
  version_not_processed: 'This version is still being processed.',
  live_check_unavailable: 'The live check is busy. It will try again in a moment.',
} satisfies Record<IdsStudioErrorCode, string>);
