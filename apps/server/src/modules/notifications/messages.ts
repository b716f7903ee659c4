// The words of each notification mail: plain text, naming the project and what to do next.
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
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
      error: fileVersions.error,
      elements: fileVersions.elementsCount,
    })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .innerJoin(projects, eq(projects.id, bimFiles.projectId))
    .where(eq(fileVersions.id, versionId));
  return row ?? null;
}

export function processingMail(
  context: NonNullable<Awaited<ReturnType<typeof versionContext>>>,
  outcome: 'completed' | 'failed',
): Notification {
  const what = `${context.fileName} ${context.versionTag} in ${context.projectName}`;
  return outcome === 'completed'
    ? {
        kind: 'processing.completed',
        subject: `Processing finished: ${context.fileName} ${context.versionTag}`,
        text: `${what} has been processed and checked against the project's IDS rules (${context.elements ?? 0} elements).\n\nOpen Plumbline to see its compliance.`,
      }
    : {
        kind: 'processing.failed',
        subject: `Processing failed: ${context.fileName} ${context.versionTag}`,
        text: `${what} could not be processed: ${context.error ?? 'unknown error'}.\n\nCheck the file and upload it again.`,
      };
}

export function reportReadyMail(report: { name: string; projectName: string }): Notification {
  return {
    kind: 'report.ready',
    subject: `Report ready: ${report.name}`,
    text: `Your report "${report.name}" for ${report.projectName} is ready.\n\nDownload it from the Reports tab in Plumbline.`,
  };
}

export function memberAddedMail(input: { projectName: string; role: string }): Notification {
  return {
    kind: 'member.added',
    subject: `You were added to ${input.projectName}`,
    text: `You were added to the project ${input.projectName} as ${input.role}.\n\nOpen Plumbline to see it.`,
  };
}

/** The link that proves the address (sign-up, or a new link asked for). Carries the token: never logged. */
export function verificationMail(input: { link: string; hours: number }): Notification {
  return {
    kind: 'account.verify',
    subject: 'Verify your e-mail address for Plumbline',
    text: `Open this link to verify your e-mail address and finish creating your Plumbline account:\n\n${input.link}\n\nThe link works once and expires in ${input.hours} hours. If you did not sign up, ignore this mail: the account stays unverified and can do nothing.`,
  };
}

/** To the owner of an address someone tried to sign up with (sign-up answers the same either way). */
export function signUpAttemptMail(input: { appUrl: string }): Notification {
  return {
    kind: 'account.signup_attempt',
    subject: 'Someone tried to create a Plumbline account with your address',
    text: `Someone tried to create a Plumbline account with this e-mail address, which already has one. Nothing was changed.\n\nIf it was you, sign in with your existing account at ${input.appUrl}/login. If it was not, you can ignore this mail.`,
  };
}

/** An invitation to a project: to sign up (or sign in) with this address and accept it in the app. */
export function invitationMail(input: {
  projectName: string;
  role: string;
  inviter: string;
  appUrl: string;
  validDays: number;
}): Notification {
  return {
    kind: 'member.invited',
    subject: `You are invited to ${input.projectName}`,
    text: `${input.inviter} invited you to the project ${input.projectName} as ${input.role}.\n\nSign in to Plumbline with this e-mail address at ${input.appUrl}/login (or create an account with it at ${input.appUrl}/signup and verify the address), then accept the invitation on your Projects page. The invitation can be accepted for ${input.validDays} days.`,
  };
}
