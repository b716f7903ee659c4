// The demo's sample reports (issue 13: /demo shows reports that can be downloaded): once every version
// of the demo project is processed, a Comprehensive PDF and XLSX are queued for it, once.
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { bimFiles, fileVersions, projects, reports } from '../../schema';
import { generateReportJob } from './jobs';
import * as repo from './repo';

const SAMPLES = [
  {
    format: 'pdf',
    name: 'Comprehensive Project Analysis Report',
    description: 'Sample report of the demo project.',
  },
  {
    format: 'xlsx',
    name: 'Comprehensive Project Analysis (Excel)',
    description: 'Every failing element, one row each.',
  },
] as const;

/** Called when a version finished processing; does nothing unless it completes the demo project. */
export async function queueDemoReportsWhenReady(
  deps: { db: Database; clock: Clock; jobs: JobSender },
  fileVersionId: string,
): Promise<number> {
  const [row] = await deps.db
    .select({ projectId: projects.id, isDemo: projects.isDemo, owner: projects.createdBy })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .innerJoin(projects, eq(projects.id, bimFiles.projectId))
    .where(eq(fileVersions.id, fileVersionId));
  if (!row?.isDemo) return 0;
  const projectId = row.projectId;
  return deps.db.transaction(async (tx) => {
    await repo.lockProject(tx, projectId);
    const [unfinished] = await tx
      .select({ n: count() })
      .from(fileVersions)
      .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
      .where(and(eq(bimFiles.projectId, projectId), inArray(fileVersions.status, ['pending', 'processing'])));
    if (Number(unfinished?.n ?? 0) > 0) return 0;
    const [existing] = await tx.select({ n: count() }).from(reports).where(eq(reports.projectId, projectId));
    if (Number(existing?.n ?? 0) > 0) return 0;
    for (const sample of SAMPLES) {
      const report = await repo.insertReport(tx, {
        projectId,
        fileId: null,
        reportType: 'comprehensive',
        format: sample.format,
        name: sample.name,
        description: sample.description,
        status: 'pending',
        createdBy: row.owner,
        createdAt: deps.clock.now(),
      });
      await deps.jobs.send(generateReportJob, { reportId: report.id }, tx);
    }
    return SAMPLES.length;
  });
}
