import type { ProjectRole } from '@plumbline/contracts';

export const DEMO_BLOCKED = 'Demo data cannot be modified.';
export const VIEWER_BLOCKED =
  'Viewers cannot upload or change files. Ask a project Admin for the Editor role.';

/**
 * Why the caller may not upload files or switch IDS files in a project, or undefined when they may:
 * Editors and Admins upload (the server enforces it too, 403), demo data is never modified.
 */
export function fileChangesBlockedReason(
  callerRole: ProjectRole | undefined,
  readOnly: boolean,
): string | undefined {
  if (readOnly) return DEMO_BLOCKED;
  if (callerRole !== 'Editor' && callerRole !== 'Admin') return VIEWER_BLOCKED;
  return undefined;
}
