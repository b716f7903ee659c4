// Notifications by e-mail (issue 13): what happened, to whom, in one outbox row written in the caller's
// transaction with its mail.send job, so a mail exists exactly when the change it reports does.
import { DEFAULT_LOCALE, isLocale, type Locale } from '@plumbline/i18n';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { emailOutbox, projects, users } from '../../schema';
import { sendMailJob } from './jobs';

export type NotificationKind =
  | 'processing.completed'
  | 'processing.failed'
  | 'report.ready'
  | 'member.added'
  | 'member.invited'
  | 'account.verify'
  | 'account.signup_attempt'
  | 'invoice.issued'
  | 'version.compared'
  | 'waiver.expired';

export interface Notification {
  kind: NotificationKind;
  subject: string;
  text: string;
}

/** A mail in a language: the notification builders of messages.ts. */
export type MailIn = (locale: Locale) => Notification;

/**
 * The language of a mail (issue 31): the project's, when the mail is about a project that set one;
 * else the recipient's (their profile), else the fallback.
 */
export async function mailLocale(
  tx: Database,
  about: { projectId?: string | null; userId?: string | null; fallback?: Locale },
): Promise<Locale> {
  if (about.projectId) {
    const [project] = await tx
      .select({ language: projects.language })
      .from(projects)
      .where(eq(projects.id, about.projectId));
    if (isLocale(project?.language)) return project.language;
  }
  if (about.userId) {
    const [user] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, about.userId));
    if (isLocale(user?.language)) return user.language;
  }
  return about.fallback ?? DEFAULT_LOCALE;
}

/**
 * Queues a mail to the user, unless they turned notifications off in Settings (or are a system
 * account), in the project's language or else theirs.
 */
export async function notifyUser(
  tx: Database,
  jobs: JobSender,
  userId: string | null,
  mail: MailIn,
  at: Date,
  projectId: string | null = null,
): Promise<boolean> {
  if (!userId) return false;
  const [user] = await tx
    .select({ email: users.email, on: users.emailNotifications, system: users.isSystem })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.on || user.system) return false;
  const notification = mail(await mailLocale(tx, { projectId, userId }));
  await queueMail(tx, jobs, { userId, to: user.email, ...notification }, at);
  return true;
}

/** Queues a mail to an address (an invoice's billing e-mail). */
export async function queueMail(
  tx: Database,
  jobs: JobSender,
  mail: { userId: string | null; to: string; kind: NotificationKind; subject: string; text: string },
  at: Date,
): Promise<void> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      userId: mail.userId,
      toAddress: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      bodyText: mail.text,
      status: 'queued',
      createdAt: at,
    })
    .returning({ id: emailOutbox.id });
  if (row) await jobs.send(sendMailJob, { outboxId: row.id }, tx);
}
