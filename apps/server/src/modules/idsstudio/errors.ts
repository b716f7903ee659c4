import type { ContractsMessageId, IdsStudioErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const IdsStudioError = defineErrors('IdsStudioError', {
  file_not_found: 'error.file_not_found',
  version_not_found: 'error.version_not_found',
  no_processed_version: 'error.no_processed_version',
  version_not_processed: 'error.version_not_processed',
  live_check_unavailable: 'error.live_check_unavailable',
} satisfies Record<IdsStudioErrorCode, ContractsMessageId>);
