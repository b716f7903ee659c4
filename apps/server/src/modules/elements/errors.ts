import type { ElementErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const ElementError = defineErrors('ElementError', {
  element_not_found: 'Element not found in this version',
} satisfies Record<ElementErrorCode, string>);
