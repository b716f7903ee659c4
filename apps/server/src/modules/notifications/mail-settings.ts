import type { ChangeMail } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { projectMailSettings, setProjectMail } from './changes';
import { NotificationError } from './errors';

/** A person's own choice, per project, of the mail they get when a version is compared. */
export function createMailSettingsService(deps: { db: Database }) {
  return {
    async list(userId: string) {
      const rows = await projectMailSettings(deps.db, userId);
      return { projects: rows.map((r) => ({ project_id: r.projectId, changes: r.changes as ChangeMail })) };
    },
    async set(userId: string, projectId: string, changes: ChangeMail) {
      if (!(await setProjectMail(deps.db, userId, projectId, changes)))
        throw new NotificationError('project_not_found');
      return { project_id: projectId, changes };
    },
  };
}

export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
