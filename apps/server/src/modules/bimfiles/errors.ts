import { defineErrors } from '../../platform/errors';

export const BimFileError = defineErrors('BimFileError', {
  file_missing: { status: 400, message: 'Choose an IFC file to upload.' },
  not_multipart: { status: 400, message: 'Send the file as multipart/form-data.' },
  invalid_name: { status: 400, message: 'The file name must be 1 to 255 characters.' },
  not_ifc: { status: 400, message: 'The file is not an IFC (STEP) file' },
  file_too_large: { status: 413, message: 'The file is too large.' },
  file_not_found: { status: 404, message: 'File not found' },
  version_not_found: { status: 404, message: 'Version not found' },
});
