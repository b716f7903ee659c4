import type { AttributeErrorCode, ContractsMessageId } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const AttributeError = defineErrors('AttributeError', {
  file_not_found: 'error.file_not_found',
  version_not_found: 'error.version_not_found',
  specification_not_found: 'error.specification_not_found',
  attribute_not_found: 'error.attribute_not_found',
  specification_inactive: 'error.specification_inactive',
  already_required: 'error.already_required',
  ids_file_changed: 'error.ids_file_changed',
  invalid_requirement: 'error.invalid_requirement',
} satisfies Record<AttributeErrorCode, ContractsMessageId>);
