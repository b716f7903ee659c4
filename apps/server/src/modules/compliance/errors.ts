import type { ComplianceErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const ComplianceError = defineErrors('ComplianceError', {
  file_not_found: 'File not found',
  version_not_found: 'Version not found',
  specification_not_found: 'Specification not found',
} satisfies Record<ComplianceErrorCode, string>);
