import { defineErrors } from '../../platform/errors';

export const NotificationError = defineErrors('NotificationError', {
  project_not_found: 'error.project_not_found',
});
