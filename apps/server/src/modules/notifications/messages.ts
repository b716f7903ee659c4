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
