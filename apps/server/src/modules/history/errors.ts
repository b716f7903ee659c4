import type { HistoryErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const HistoryError = defineErrors('HistoryError', {
  file_not_found: 'File not found',
  version_not_found: 'Version not found',
  no_processed_version: 'The file has no processed version yet.',
  version_not_processed: 'This version has not been processed yet.',
  comparison_unavailable: 'There is no earlier checked version of this file to compare with.',
} satisfies Record<HistoryErrorCode, string>);
