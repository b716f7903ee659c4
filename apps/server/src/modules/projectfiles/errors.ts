import type { ProjectFilesErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const ProjectFilesError = defineErrors('ProjectFilesError', {
  // Spec 2 §8 'Refresh Not Available'; the route states the hours left in the message.
  refresh_cooldown: 'Project can be refreshed in 24 hour(s)',
  // Spec 2 §5; the service states the exact problem in the message.
  selection_invalid: 'Please select at least one file to continue.',
  acc_unreachable:
    'Autodesk Construction Cloud could not be reached to import the new files. Please try again or reconnect to ACC.',
  unknown_file: 'A selected file does not belong to this project.',
  file_not_found: 'File not found',
  ids_file_not_found: 'IDS file not found',
} satisfies Record<ProjectFilesErrorCode, string>);
