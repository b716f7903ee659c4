import type { ContractsMessageId, ReportErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

/** Reports' codes (the list lives in packages/contracts); messages are spec 2 §8's where it has one. */
const table = {
  report_not_found: 'error.report_not_found',
  no_files: 'error.no_files',
  file_not_found: 'error.file_not_found',
  report_in_progress: 'error.report_in_progress',
  report_failed: 'error.report_failed',
  download_rate_limited: 'error.download_rate_limited',
  download_link_invalid: 'error.download_link_invalid',
  bcf_one_file: 'error.bcf_one_file',
  editor_role_required: 'error.editor_role_required.reports',
} satisfies Record<ReportErrorCode, ContractsMessageId>;

export const ReportError = defineErrors('ReportError', table);
