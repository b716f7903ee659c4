import type { ProjectErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const ProjectError = defineErrors('ProjectError', {
  // A non-member gets the same answer as for a project that does not exist: nothing about it leaks.
  project_not_found: 'Project not found',
  editor_role_required:
    'You do not have permission to change this project. Ask a project Admin for the Editor role.',
  admin_role_required: 'Only project Admins can do this.',
  // The words of spec 2 §6 ('Access Denied' / 'Demo data cannot be modified.').
  demo_read_only: 'Demo data cannot be modified.',
} satisfies Record<ProjectErrorCode, string>);
