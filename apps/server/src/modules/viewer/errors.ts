import { FRAGMENTS_FAILED, FRAGMENTS_NOT_READY, type ViewerErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

// File and version lookups answer bimfiles' codes (requireCheckedVersion).
export const ViewerError = defineErrors('ViewerError', {
  [FRAGMENTS_NOT_READY]: 'The 3D model of this version is still being prepared. Try again in a few minutes.',
  [FRAGMENTS_FAILED]: 'This version has no viewable 3D model.',
} satisfies Record<ViewerErrorCode, string>);
