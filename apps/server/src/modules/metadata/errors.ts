import { defineErrors } from '../../platform/errors';

export const MetadataError = defineErrors('MetadataError', {
  file_not_found: { status: 404, message: 'File not found' },
  version_not_found: { status: 404, message: 'Version not found' },
  no_completed_version: {
    status: 404,
    message: 'This file has no processed version yet. Metadata appears once processing completes.',
  },
  version_not_processed: {
    status: 409,
    message: 'This version has not finished processing. Metadata appears once processing completes.',
  },
  element_not_found: { status: 404, message: 'Element not found in this version' },
  no_data_to_export: { status: 409, message: 'No Data to Export' },
  export_rate_limited: {
    status: 429,
    message: 'Export Rate Limited: Please wait 30 seconds before exporting again.',
  },
});
