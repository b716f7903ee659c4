import type { BimFileErrorCode, ContractsMessageId } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const BimFileError = defineErrors('BimFileError', {
  file_missing: 'error.file_missing',
  not_multipart: 'error.not_multipart',
  invalid_name: 'error.invalid_name',
  not_ifc: 'error.not_ifc',
  file_too_large: 'error.file_too_large',
  // The version lookup every module's reads share (requireCheckedVersion, decision 0179).
  file_not_found: 'error.file_not_found',
  version_not_found: 'error.version_not_found',
  no_processed_version: 'error.no_processed_version',
  version_not_processed: 'error.version_not_processed',
} satisfies Record<BimFileErrorCode, ContractsMessageId>);
