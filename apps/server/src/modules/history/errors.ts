import type { ContractsMessageId, HistoryErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const HistoryError = defineErrors('HistoryError', {
  file_not_found: 'error.file_not_found',
  version_not_found: 'error.version_not_found',
  no_processed_version: 'error.no_processed_version',
  version_not_processed: 'error.version_not_processed',
  comparison_unavailable: 'error.comparison_unavailable',
} satisfies Record<HistoryErrorCode, ContractsMessageId>);
