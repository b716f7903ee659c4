// The report.generate job's work: gather, render, store, and mark the report completed.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import { runWorkerTask } from '../../platform/worker-task';
import { createAiService, type ModelTarget } from '../ai';
import { createAttributeService } from '../attributes';
import { createAuditRecorder } from '../audit';
import { createComplianceService, listActiveSpecifications, wordsFor } from '../compliance';
import { createSqlOnlyExplorerStore, type ExplorerStore } from '../metadata';
import { notifyUser, reportReadyMail } from '../notifications';
import { createOverviewService } from '../overview';
import { findActiveProject } from '../projects';
import { storageKeys } from '../storage';
import { askInsightsForFiles } from './ai-insights';
import type { renderInsightsPdf } from './ai-insights-pdf';
import { renderBcf } from './bcf-export';
import type { renderComprehensivePdf } from './comprehensive-pdf';
import { xlsxFeed, xlsxRowsFromDatabase } from './comprehensive-xlsx';
import { collectComprehensive, explainFailures } from './data';
import * as repo from './repo';

/** What rendering a report needs (the report.generate job's deps provide it). */
export interface ReportJobDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  logger: Logger;
  jobs: JobSender;
  /** The assistant's model for the AI Insights report (null: the built-in analyst). */
  ai: ModelTarget | null;
  /** The process's explorer store (property rows for the assistant); without it, the SQL rows. */
  explorer?: ExplorerStore;
}

export async function generateReport(
  deps: ReportJobDeps,
  reportId: string,
): Promise<{ status: string; bytes?: number }> {
  const report = await repo.getReport(deps.db, reportId);
  if (!report || report.status === 'completed' || report.status === 'failed') return { status: 'skipped' };
  if (!report.createdBy) {
    await repo.updateReport(deps.db, reportId, {
      status: 'failed',
      failureCode: 'author_gone',
      failureDetail: null,
    });
    return { status: 'failed' };
  }
  await repo.updateReport(deps.db, reportId, { status: 'processing' });
  const userId = report.createdBy;
  // In the project's language, else its author's (issue 31).
  const locale = await repo.reportLocale(deps.db, report.projectId, { userId, fallback: 'en' });
  const key = storageKeys.report(report.projectId, report.id, report.format);
  const noFiles = async () => {
    await repo.updateReport(deps.db, reportId, {
      status: 'failed',
      failureCode: 'no_files',
      failureDetail: null,
    });
    return { status: 'failed' };
  };
  let stored: { size: number };
  let projectName: string;
  if (report.format === 'bcf') {
    // The BCF needs the version's stored results only, not the whole analysis.
    const [version] = await repo.scopeVersions(deps.db, report.projectId, report.fileId);
    if (!version) return noFiles();
    const idsFiles = await repo.activeIdsFiles(deps.db, report.projectId);
    const bytes = await renderBcf(deps.db, {
      projectId: report.projectId,
      version,
      specificationId: null,
      grouping: report.bcfGrouping === 'element' ? 'element' : 'type',
      bcfVersion: report.bcfVersion === '3.0' ? '3.0' : '2.1',
      idsTitle: idsFiles.map((f) => f.name).join(', ') || null,
      locale,
      validity: report.bcfValidity === true,
    });
    stored = await deps.storage.putStream(key, Readable.from([Buffer.from(bytes)]));
    projectName = (await findActiveProject(deps.db, report.projectId))?.name ?? 'the project';
  } else {
    const data = await collectComprehensive({
      db: deps.db,
      userId,
      locale,
      projectId: report.projectId,
      fileId: report.fileId,
      now: deps.clock.now(),
      overview: createOverviewService({ db: deps.db }),
      compliance: createComplianceService({ db: deps.db }),
      attributes: createAttributeService({
        db: deps.db,
        clock: deps.clock,
        storage: deps.storage,
        jobs: deps.jobs,
        audit: createAuditRecorder(deps.jobs, deps.clock),
      }),
    });
    if (data.files.length === 0) return noFiles();
    projectName = data.project.name;
    if (report.format === 'xlsx') {
      const dir = await mkdtemp(join(tmpdir(), 'plumbline-report-'));
      try {
        const path = join(dir, 'report.xlsx');
        // Written on a worker thread from rows this thread reads and feeds it (decision 0168).
        await runWorkerTask(
          'write-comprehensive-xlsx',
          { data, path },
          {
            timeLimitMs: RENDER_TIME_LIMIT_MS,
            limitMessage: 'Rendering the report took longer than 10 minutes.',
            feed: xlsxFeed(
              xlsxRowsFromDatabase(
                deps.db,
                explainFailures(wordsFor(locale), await listActiveSpecifications(deps.db, report.projectId)),
              ),
              data,
            ),
          },
        );
        stored = await deps.storage.putStream(key, createReadStream(path));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } else if (report.reportType === 'ai_insights') {
      const ai = createAiService({
        db: deps.db,
        model: deps.ai,
        logger: deps.logger,
        compliance: createComplianceService({ db: deps.db }),
        explorer: deps.explorer ?? createSqlOnlyExplorerStore(deps.db),
      });
      // "All files" asks about every file of the scope, not the first only (issue 35).
      const insights = await askInsightsForFiles(ai, {
        userId,
        projectId: report.projectId,
        files: data.files.map((f) => f.version),
        locale,
      });
      const pdf = await renderOffTheEventLoop('render-insights-pdf', [
        data,
        insights,
        { name: report.name, description: report.description, assistant: ai.assistant },
      ] satisfies Parameters<typeof renderInsightsPdf>);
      stored = await deps.storage.putStream(key, Readable.from([pdf]));
    } else {
      const pdf = await renderOffTheEventLoop('render-comprehensive-pdf', [
        data,
        { name: report.name, description: report.description },
      ] satisfies Parameters<typeof renderComprehensivePdf>);
      stored = await deps.storage.putStream(key, Readable.from([pdf]));
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.updateReport(tx, reportId, {
      status: 'completed',
      storageKey: key,
      sizeBytes: stored.size,
      completedAt: deps.clock.now(),
      failureCode: null,
      failureDetail: null,
    });
    await notifyUser(
      tx,
      deps.jobs,
      userId,
      (mailIn) => reportReadyMail(mailIn, { name: report.name, projectName }),
      deps.clock.now(),
      report.projectId,
    );
  });
  return { status: 'completed', bytes: stored.size };
}

const RENDER_TIME_LIMIT_MS = 10 * 60_000;

/** Laying out a PDF is CPU work (text measuring, charts, compression): a worker thread does it. */
async function renderOffTheEventLoop(task: string, input: unknown): Promise<Buffer> {
  const bytes = await runWorkerTask<Uint8Array>(task, input, {
    timeLimitMs: RENDER_TIME_LIMIT_MS,
    limitMessage: 'Rendering the report took longer than 10 minutes.',
  });
  // A Buffer crosses threads as a plain Uint8Array.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The last try failed: the report says why instead of generating for ever. */
export async function giveUpReport(deps: ReportJobDeps, reportId: string, error: unknown): Promise<void> {
  const detail = error instanceof Error ? error.message : String(error);
  await repo.updateReport(deps.db, reportId, {
    status: 'failed',
    failureCode: 'generation_failed',
    failureDetail: detail,
  });
}
