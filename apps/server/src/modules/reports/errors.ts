import type { ReportErrorCode } from '@plumbline/contracts';
import { defineErrors, type ErrorSpec } from '../../platform/errors';

/** Reports' codes (the list lives in packages/contracts); messages are spec 2 §8's where it has one. */
const table = {
  report_not_found: { status: 404, message: 'Report not found' },
  no_files: { status: 400, message: 'No files found: upload files first.' },
  file_not_found: { status: 404, message: 'File not found' },
  report_in_progress: {
    status: 409,
    message: 'Report In Progress: the report is still being generated. Try again when it is completed.',
  },
  report_failed: { status: 409, message: 'Report Failed: this report could not be generated.' },
  download_rate_limited: {
    status: 429,
    message: 'Download Rate Limited: please wait 30 seconds before downloading this report again.',
  },
  download_link_invalid: {
    status: 403,
    message: 'This download link has expired. Download the report again.',
  },
  bcf_one_file: {
    status: 400,
    message: 'Choose one model file for a BCF export: each BCF topic belongs to one model.',
  },
  editor_role_required: {
    status: 403,
    message: 'You do not have permission to generate reports for this project.',
  },
} satisfies Record<ReportErrorCode, ErrorSpec>;

export const ReportError = defineErrors('ReportError', table);
