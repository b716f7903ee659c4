import type { ContractsMessageId, ProjectErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const ProjectError = defineErrors('ProjectError', {
  // A non-member gets the same answer as for a project that does not exist: nothing about it leaks.
  project_not_found: 'error.project_not_found',
  editor_role_required: 'error.editor_role_required',
  admin_role_required: 'error.admin_role_required',
  // The words of spec 2 §6 ('Access Denied' / 'Demo data cannot be modified.').
  demo_read_only: 'error.demo_read_only',
} satisfies Record<ProjectErrorCode, ContractsMessageId>);
