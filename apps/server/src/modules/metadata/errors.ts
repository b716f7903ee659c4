import type { ContractsMessageId, MetadataErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const MetadataError = defineErrors('MetadataError', {
  element_not_found: 'error.element_not_found',
  no_data_to_export: 'error.no_data_to_export',
  export_rate_limited: 'error.export_rate_limited',
} satisfies Record<MetadataErrorCode, ContractsMessageId>);
