import type { ReportErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

/** Reports' codes (the list lives in packages/contracts); messages are spec 2 §8's where it has one. */
const table = {
  report_not_found: 'Report not found',
  no_files: 'No files found: upload files first.',
  file_not_found: 'File not found',
  report_in_progress:
    'Report In Progress: the report is still being generated. Try again when it is completed.',
  report_failed: 'Report Failed: this report could not be generated.',
  download_rate_limited:
    'Download Rate Limited: please wait 30 seconds before downloading this report again.',
  download_link_invalid: 'This download link has expired. Download the report again.',
  bcf_one_file: 'Choose one model file for a BCF export: each BCF topic belongs to one model.',
  editor_role_required: 'You do not have permission to generate reports for this project.',
} satisfies Record<ReportErrorCode, string>;

export const ReportError = defineErrors('ReportError', table);
