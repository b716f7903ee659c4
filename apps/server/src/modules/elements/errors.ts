import type { ContractsMessageId, ElementErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const ElementError = defineErrors('ElementError', {
  element_not_found: 'error.element_not_found',
} satisfies Record<ElementErrorCode, ContractsMessageId>);
