// The words of each notification mail: plain text, naming the project and what to do next, in the
// language of the mail (notify.ts mailLocale: the project's, else the recipient's; issue 31).
import {
  versionFailureCodeSchema,
  versionFailureMessage,
  versionFailureParamsSchema,
} from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import { bimFiles, fileVersions, projects } from '../../schema';
import type { Notification } from './notify';

/** The uploader of a version, with the names the mail needs; null when the version is gone. */
export async function versionContext(db: Database, versionId: string) {
  const [row] = await db
    .select({
      uploader: fileVersions.createdBy,
      versionTag: fileVersions.versionTag,
      fileName: bimFiles.name,
      projectName: projects.name,
      projectId: projects.id,
      errorCode: fileVersions.errorCode,
      errorParams: fileVersions.errorParams,
      elements: fileVersions.elementsCount,
    })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .innerJoin(projects, eq(projects.id, bimFiles.projectId))
    .where(eq(fileVersions.id, versionId));
  return row ?? null;
}

/** Why the version failed, in the mail's language, from its stored code and values (issue 31). */
function failureWords(locale: Locale, context: { errorCode: string | null; errorParams: unknown }): string {
  if (context.errorCode === null) return render(locale, 'mail.unknownError');
  const code = versionFailureCodeSchema.safeParse(context.errorCode);
  const params = versionFailureParamsSchema.safeParse(context.errorParams ?? {});
  const message = versionFailureMessage({
    code: code.success ? code.data : 'unknown',
    params: params.success ? params.data : {},
  });
  return render(locale, message.id, message.params);
}

export function processingMail(
  locale: Locale,
  context: NonNullable<Awaited<ReturnType<typeof versionContext>>>,
  outcome: 'completed' | 'failed',
): Notification {
  const values = {
    fileName: context.fileName,
    versionTag: context.versionTag,
    projectName: context.projectName,
    elements: context.elements ?? 0,
    error: outcome === 'failed' ? failureWords(locale, context) : '',
  };
  return outcome === 'completed'
    ? {
        kind: 'processing.completed',
        subject: render(locale, 'mail.processingCompleted.subject', values),
        text: render(locale, 'mail.processingCompleted.text', values),
      }
    : {
        kind: 'processing.failed',
        subject: render(locale, 'mail.processingFailed.subject', values),
        text: render(locale, 'mail.processingFailed.text', values),
      };
}

export function reportReadyMail(locale: Locale, report: { name: string; projectName: string }): Notification {
  return {
    kind: 'report.ready',
    subject: render(locale, 'mail.reportReady.subject', report),
    text: render(locale, 'mail.reportReady.text', report),
  };
}

export function memberAddedMail(locale: Locale, input: { projectName: string; role: string }): Notification {
  return {
    kind: 'member.added',
    subject: render(locale, 'mail.memberAdded.subject', input),
    text: render(locale, 'mail.memberAdded.text', input),
  };
}

/** The link that proves the address (sign-up, or a new link asked for). Carries the token: never logged. */
export function verificationMail(locale: Locale, input: { link: string; hours: number }): Notification {
  return {
    kind: 'account.verify',
    subject: render(locale, 'mail.verify.subject'),
    text: render(locale, 'mail.verify.text', input),
  };
}

/** To the owner of an address someone tried to sign up with (sign-up answers the same either way). */
export function signUpAttemptMail(locale: Locale, input: { appUrl: string }): Notification {
  return {
    kind: 'account.signup_attempt',
    subject: render(locale, 'mail.signUpAttempt.subject'),
    text: render(locale, 'mail.signUpAttempt.text', input),
  };
}

/** An invitation to a project: to sign up (or sign in) with this address and accept it in the app. */
export function invitationMail(
  locale: Locale,
  input: {
    projectName: string;
    role: string;
    /** The inviter's name; null: "A project Admin". */
    inviter: string | null;
    appUrl: string;
    validDays: number;
  },
): Notification {
  const values = { ...input, inviter: input.inviter ?? render(locale, 'mail.invited.someone') };
  return {
    kind: 'member.invited',
    subject: render(locale, 'mail.invited.subject', values),
    text: render(locale, 'mail.invited.text', values),
  };
}
