// Mail when a version's comparison is stored (issue 30 item 6): to each member of the project whose
// own setting asks for it (every version, regressions only, none), rendered from the message catalogue.
import type { ChangeMail, ChangeMessageParams } from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { bimFiles, comparisonNotices, fileVersions, projectMembers, projects } from '../../schema';
import { renderChangeMessage } from './change-words';
import { notifyUser } from './notify';

/** The names a notice needs: project, file, both versions' tags; null when any is gone. */
export async function comparisonContext(db: Database, ids: { fromVersionId: string; toVersionId: string }) {
  const previous = alias(fileVersions, 'previous_version');
  const [row] = await db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      fileId: bimFiles.id,
      fileName: bimFiles.name,
      versionTag: fileVersions.versionTag,
      previousTag: previous.versionTag,
    })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .innerJoin(projects, eq(projects.id, bimFiles.projectId))
    .innerJoin(previous, eq(previous.id, ids.fromVersionId))
    .where(eq(fileVersions.id, ids.toVersionId));
  return row ?? null;
}

/**
 * Marks a stored comparison's notices as written (the comparison-stored job's id); false when they
 * already were (the job retried after its transaction committed), so nobody is told twice.
 */
export async function claimComparisonNotice(
  tx: Database,
  notice: { eventId: string; projectId: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(comparisonNotices)
    .values({ eventId: notice.eventId, projectId: notice.projectId, createdAt: notice.at })
    .onConflictDoNothing()
    .returning({ id: comparisonNotices.eventId });
  return rows.length > 0;
}

/** Queues the mail to every member who asked for it; returns how many were queued. */
export async function mailComparison(
  tx: Database,
  jobs: JobSender,
  projectId: string,
  params: ChangeMessageParams,
  at: Date,
): Promise<number> {
  const members = await tx
    .select({ userId: projectMembers.userId, setting: projectMembers.changesMail })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  let sent = 0;
  for (const member of members) {
    if (!wantsMail(member.setting as ChangeMail, params.new)) continue;
    // In the project's language, else the member's (notify.ts mailLocale).
    const mail = (locale: Locale) => ({
      kind: 'version.compared' as const,
      subject: renderChangeMessage('changes.mail.subject', params, locale),
      text: renderChangeMessage('changes.mail.body', params, locale),
    });
    if (await notifyUser(tx, jobs, member.userId, mail, at, projectId)) sent += 1;
  }
  return sent;
}

export function wantsMail(setting: ChangeMail, newFailures: number): boolean {
  return setting === 'every' || (setting === 'regressions' && newFailures > 0);
}

/** The caller's own setting in each project they are a member of. */
export function projectMailSettings(db: Database, userId: string) {
  return db
    .select({ projectId: projectMembers.projectId, changes: projectMembers.changesMail })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));
}

/** Sets the caller's own setting in a project; false when they are not a member of it. */
export async function setProjectMail(
  db: Database,
  userId: string,
  projectId: string,
  changes: ChangeMail,
): Promise<boolean> {
  const rows = await db
    .update(projectMembers)
    .set({ changesMail: changes })
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId)))
    .returning({ id: projectMembers.id });
  return rows.length > 0;
}
