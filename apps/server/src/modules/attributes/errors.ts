import type { AttributeErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const AttributeError = defineErrors('AttributeError', {
  file_not_found: 'File not found',
  version_not_found: 'Version not found',
  specification_not_found: 'Specification not found',
  attribute_not_found: 'The attribute does not occur in any processed file of this project.',
  specification_inactive:
    'The IDS file of this specification is switched off. Switch it on to add requirements to it.',
  already_required: 'The specification already has a requirement for this property.',
  ids_file_changed: 'The IDS file was changed by someone else meanwhile. Please try again.',
  invalid_requirement: 'The requirement would make the IDS file invalid.',
} satisfies Record<AttributeErrorCode, string>);
