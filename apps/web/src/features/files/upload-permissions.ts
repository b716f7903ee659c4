import { type ProjectRole, projectPermissions } from '@plumbline/contracts';
import { actionBlockedReason, demoBlockedReason } from '../projects/permissions';

export { demoBlockedReason };
/** The permission table's message for a Viewer (its id; `t` renders it). */
export const VIEWER_BLOCKED = projectPermissions['files.upload'].reason;

/**
 * Why the caller may not upload files or switch IDS files in a project, or undefined when they may:
 * read from the permission table the server also uses (403 there), demo data is never modified.
 */
export function fileChangesBlockedReason(
  callerRole: ProjectRole | undefined,
  readOnly: boolean,
): string | undefined {
  return actionBlockedReason(callerRole, 'files.upload', readOnly);
}
