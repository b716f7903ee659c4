import type { ContractsMessageId } from '@plumbline/contracts';
import { FRAGMENTS_FAILED, FRAGMENTS_NOT_READY, type ViewerErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const ViewerError = defineErrors('ViewerError', {
  [FRAGMENTS_NOT_READY]: 'error.fragments_not_ready',
  [FRAGMENTS_FAILED]: 'error.fragments_failed',
} satisfies Record<ViewerErrorCode, ContractsMessageId>);
