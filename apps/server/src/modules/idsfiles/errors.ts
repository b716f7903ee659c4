import { defineErrors } from '../../platform/errors';

export const IdsFileError = defineErrors('IdsFileError', {
  file_missing: { status: 400, message: 'Choose an IDS file to upload.' },
  not_multipart: { status: 400, message: 'Send the file as multipart/form-data.' },
  invalid_name: { status: 400, message: 'The file name must be 1 to 255 characters.' },
  invalid_ids: { status: 400, message: 'The file is not a valid IDS 1.0 file.' },
  file_too_large: { status: 413, message: 'The IDS file is too large.' },
  ids_file_not_found: { status: 404, message: 'IDS file not found' },
});
