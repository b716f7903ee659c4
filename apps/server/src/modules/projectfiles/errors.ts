import { defineErrors } from '../../platform/errors';

export const ProjectFilesError = defineErrors('ProjectFilesError', {
  // Spec 2 §8 'Refresh Not Available'; the route states the hours left in the message.
  refresh_cooldown: { status: 429, message: 'Project can be refreshed in 24 hour(s)' },
  // Spec 2 §5; the service states the exact problem in the message.
  selection_invalid: { status: 400, message: 'Please select at least one file to continue.' },
  acc_unavailable: {
    status: 409,
    message:
      'Autodesk Construction Cloud could not be reached to import the new files. Please try again or reconnect to ACC.',
  },
  unknown_file: { status: 400, message: 'A selected file does not belong to this project.' },
  file_not_found: { status: 404, message: 'File not found' },
  ids_file_not_found: { status: 404, message: 'IDS file not found' },
});
