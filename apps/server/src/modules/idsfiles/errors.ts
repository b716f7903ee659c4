import type { IdsFileErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const IdsFileError = defineErrors('IdsFileError', {
  file_missing: 'Choose an IDS file to upload.',
  not_multipart: 'Send the file as multipart/form-data.',
  invalid_name: 'The file name must be 1 to 255 characters.',
  invalid_ids: 'The file is not a valid IDS 1.0 file.',
  file_too_large: 'The IDS file is too large.',
  ids_file_not_found: 'IDS file not found',
  ids_revision_suggested: 'This looks like a new revision of an IDS file the project has. Replace it?',
  ids_file_superseded: 'A newer revision replaced this IDS file; change the current revision instead.',
} satisfies Record<IdsFileErrorCode, string>);
