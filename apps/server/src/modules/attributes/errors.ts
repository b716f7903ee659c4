import { defineErrors } from '../../platform/errors';

export const AttributeError = defineErrors('AttributeError', {
  file_not_found: { status: 404, message: 'File not found' },
  version_not_found: { status: 404, message: 'Version not found' },
  specification_not_found: { status: 404, message: 'Specification not found' },
  attribute_not_found: {
    status: 404,
    message: 'The attribute does not occur in any processed file of this project.',
  },
  specification_inactive: {
    status: 409,
    message: 'The IDS file of this specification is switched off. Switch it on to add requirements to it.',
  },
  already_required: {
    status: 409,
    message: 'The specification already has a requirement for this property.',
  },
  ids_file_changed: {
    status: 409,
    message: 'The IDS file was changed by someone else meanwhile. Please try again.',
  },
  invalid_requirement: { status: 400, message: 'The requirement would make the IDS file invalid.' },
});
