import { defineErrors } from '../../platform/errors';

export const AiError = defineErrors('AiError', {
  file_not_found: { status: 404, message: 'File not found' },
  version_not_found: { status: 404, message: 'Version not found' },
  version_not_ready: {
    status: 409,
    message: 'This version has not finished processing yet. Ask again when its status is completed.',
  },
  no_processed_version: {
    status: 409,
    message: 'This file has no processed version yet. Ask again when its status is completed.',
  },
});
