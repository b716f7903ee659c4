import { defineErrors } from '../../platform/errors';

export const ElementError = defineErrors('ElementError', {
  file_not_found: { status: 404, message: 'File not found' },
  version_not_found: { status: 404, message: 'Version not found' },
  no_completed_version: {
    status: 404,
    message: 'This file has no processed version yet. Elements appear once processing completes.',
  },
  version_not_processed: {
    status: 409,
    message: 'This version has not finished processing. Elements appear once processing completes.',
  },
  element_not_found: { status: 404, message: 'Element not found in this version' },
});
