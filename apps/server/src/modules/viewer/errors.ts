import { FRAGMENTS_FAILED, FRAGMENTS_NOT_READY } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const ViewerError = defineErrors('ViewerError', {
  file_not_found: { status: 404, message: 'File not found' },
  version_not_found: { status: 404, message: 'Version not found' },
  no_completed_version: {
    status: 409,
    message: 'The file is still being processed. Try again in a few minutes.',
  },
  [FRAGMENTS_NOT_READY]: {
    status: 409,
    message: 'The 3D model of this version is still being prepared. Try again in a few minutes.',
  },
  [FRAGMENTS_FAILED]: { status: 422, message: 'This version has no viewable 3D model.' },
});
