import type { ContractsMessageId, ProjectFilesErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const ProjectFilesError = defineErrors('ProjectFilesError', {
  // Spec 2 §8 'Refresh Not Available'; the route states the hours left in the message.
  refresh_cooldown: 'error.refresh_cooldown',
  // Spec 2 §5; the service states the exact problem in the message.
  selection_invalid: 'error.selection_invalid',
  acc_unreachable: 'error.acc_unreachable',
  unknown_file: 'error.unknown_file',
  file_not_found: 'error.file_not_found',
  ids_file_not_found: 'error.ids_file_not_found',
} satisfies Record<ProjectFilesErrorCode, ContractsMessageId>);
