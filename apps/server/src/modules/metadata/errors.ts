import type { MetadataErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const MetadataError = defineErrors('MetadataError', {
  element_not_found: 'Element not found in this version',
  no_data_to_export: 'No Data to Export',
  export_rate_limited: 'Export Rate Limited: Please wait 30 seconds before exporting again.',
} satisfies Record<MetadataErrorCode, string>);
