import type { ContractsMessageId, IdsFileErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const IdsFileError = defineErrors('IdsFileError', {
  file_missing: 'error.file_missing.ids',
  not_multipart: 'error.not_multipart',
  invalid_name: 'error.invalid_name',
  invalid_ids: 'error.invalid_ids',
  file_too_large: 'error.file_too_large.ids',
  ids_file_not_found: 'error.ids_file_not_found',
  ids_revision_suggested: 'error.ids_revision_suggested',
  ids_file_superseded: 'error.ids_file_superseded',
} satisfies Record<IdsFileErrorCode, ContractsMessageId>);
