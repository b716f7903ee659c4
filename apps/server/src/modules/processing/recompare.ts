/**
 * A completed version's stored comparison made again, with the completed version now before it
 * (the `history.recompare` job, history/jobs.ts): after versions completed out of order. Both
 * versions' stored rows are compared on a worker thread (history/compare-task.ts) and the comparison
 * replaced in one transaction, unless the version was checked again meanwhile (its own run wrote a
 * newer comparison).
 */
import { eq } from 'drizzle-orm';
import { runWorkerTask } from '../../platform/worker-task';
import { fileVersions } from '../../schema';
import { announceComparison, type CompareTaskOutput, loadVersionData, transfersOfData } from '../history';
import { writeHistory } from './history-writer';
import * as repo from './repo';
import { DEFAULT_TIME_LIMIT_MS, type ProcessingDeps } from './service';

export type RecompareOutcome = 'written' | 'skipped';

export async function recompareVersion(deps: ProcessingDeps, versionId: string): Promise<RecompareOutcome> {
  const version = await repo.findVersionToProcess(deps.db, versionId);
  if (version?.status !== 'completed') return 'skipped';
  const checkedAt = await checkedAtOf(deps, versionId);
  const previousId = await repo.findPreviousCompletedVersion(
    deps.db,
    version.bimFileId,
    version.versionNumber,
  );
  let rows: CompareTaskOutput['rows'] | null = null;
  if (previousId !== null) {
    const previous = await loadVersionData(deps.db, previousId);
    const current = await loadVersionData(deps.db, versionId);
    const output = await runWorkerTask<CompareTaskOutput>(
      'compare-stored',
      { previous, current },
      {
        timeLimitMs: deps.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
        limitMessage: 'Comparing the versions took longer than the processing time limit.',
        transfer: transfersOfData(previous, current),
      },
    );
    rows = output.rows;
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: fileVersions.status, checkedAt: fileVersions.checkedAt })
      .from(fileVersions)
      .where(eq(fileVersions.id, versionId))
      .for('update');
    if (row?.status !== 'completed' || row.checkedAt?.getTime() !== checkedAt?.getTime()) return 'skipped';
    await writeHistory(tx, versionId, rows, deps.clock.now());
    if (rows && deps.jobs) {
      const address = { projectId: version.projectId, fileId: version.bimFileId, toVersionId: versionId };
      await announceComparison(deps.jobs, tx, { ...address, cause: 'recompared' }, rows.header);
    }
    return 'written';
  });
}

async function checkedAtOf(deps: ProcessingDeps, versionId: string): Promise<Date | null> {
  const [row] = await deps.db
    .select({ checkedAt: fileVersions.checkedAt })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  return row?.checkedAt ?? null;
}
