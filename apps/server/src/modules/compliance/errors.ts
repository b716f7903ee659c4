import type { ComplianceErrorCode, ContractsMessageId } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const ComplianceError = defineErrors('ComplianceError', {
  file_not_found: 'error.file_not_found',
  version_not_found: 'error.version_not_found',
  specification_not_found: 'error.specification_not_found',
} satisfies Record<ComplianceErrorCode, ContractsMessageId>);
