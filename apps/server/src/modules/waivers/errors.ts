import type { ContractsMessageId, WaiverErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const WaiverError = defineErrors('WaiverError', {
  waiver_not_found: 'error.waiver_not_found',
  waiver_not_pending: 'error.waiver_not_pending',
  waiver_own_request: 'error.waiver_own_request',
  waiver_expiry_invalid: 'error.waiver_expiry_invalid',
  waiver_nothing_to_waive: 'error.waiver_nothing_to_waive',
  waiver_element_needed: 'error.waiver_element_needed',
  waiver_export_too_large: 'error.waiver_export_too_large',
} satisfies Record<WaiverErrorCode, ContractsMessageId>);
