import { defineErrors } from '../../platform/errors';

export const ComplianceError = defineErrors('ComplianceError', {
  file_not_found: { status: 404, message: 'File not found' },
  version_not_found: { status: 404, message: 'Version not found' },
  no_processed_version: { status: 404, message: 'The file has no processed version yet.' },
  version_not_processed: { status: 409, message: 'The version has not been processed yet.' },
  specification_not_found: { status: 404, message: 'Specification not found' },
});
