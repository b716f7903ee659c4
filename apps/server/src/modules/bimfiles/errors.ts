import type { BimFileErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const BimFileError = defineErrors('BimFileError', {
  file_missing: 'Choose an IFC file to upload.',
  not_multipart: 'Send the file as multipart/form-data.',
  invalid_name: 'The file name must be 1 to 255 characters.',
  not_ifc: 'The file is not an IFC (STEP) file',
  file_too_large: 'The file is too large.',
  // The version lookup every module's reads share (requireCheckedVersion, decision 0179).
  file_not_found: 'File not found',
  version_not_found: 'Version not found',
  no_processed_version: 'This file has no processed version yet. Try again when processing completes.',
  version_not_processed: 'This version has not finished processing yet. Try again when processing completes.',
} satisfies Record<BimFileErrorCode, string>);
