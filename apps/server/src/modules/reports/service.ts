import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type BcfVersion,
  type GenerateReportBody,
  REPORT_DOWNLOAD_COOLDOWN_MS,
  type Report,
  type ReportFailure,
  type ReportUsage,
  reportFailureCodeSchema,
  reportFailureMessage,
  reportFormatSchema,
  reportTypeSchema,
} from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import type { AuditRecorder } from '../audit';
import type { BillingEnforcement } from '../billing';
import { requireCheckedVersion } from '../bimfiles';
import { requireProjectPermission, requireProjectReader } from '../projects';
import { renderBcf } from './bcf-export';
import { ReportError } from './errors';
import { generateReportJob } from './jobs';
import * as repo from './repo';

export const FILE_EXTENSION: Record<string, string> = { pdf: 'pdf', xlsx: 'xlsx', bcf: 'bcf' };
const CONTENT_TYPE: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  bcf: 'application/octet-stream',
};

/** A download address lives this long (spec 2 §7: a short-lived download_url, then the file). */
const DOWNLOAD_LINK_MS = 60_000;

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

function failureOf(row: repo.ReportRow): ReportFailure | null {
  if (row.status !== 'failed' || row.failureCode === null) return null;
  const code = reportFailureCodeSchema.safeParse(row.failureCode);
  return { code: code.success ? code.data : 'generation_failed', detail: row.failureDetail };
}

/** A report's failure in words, in a language (the DTO's `error_message`: API clients read it). */
function failureText(failure: ReportFailure | null, locale: Locale): string | null {
  if (!failure) return null;
  const message = reportFailureMessage(failure);
  return render(locale, message.id, message.params);
}

/** The report as sent, its failure's words in the request's language (routes call this). */
export function reportInLanguage(report: Report, locale: Locale): Report {
  return { ...report, error_message: failureText(report.failure, locale) };
}

function toReportDto(row: repo.ReportRow, projectName: string): Report {
  const failure = failureOf(row);
  return {
    id: row.id,
    report_id: row.id,
    project_id: row.projectId,
    project_name: projectName,
    file_id: row.fileId,
    report_type: reportTypeSchema.parse(row.reportType),
    name: row.name,
    description: row.description,
    format: reportFormatSchema.parse(row.format),
    status: row.status as Report['status'],
    failure,
    error_message: failureText(failure, 'en'),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    size_bytes: row.sizeBytes,
    download_available: row.status === 'completed' && row.storageKey !== null,
    download_url: null,
    report_url: null,
    file_path: null,
  };
}

export function createReportService(deps: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  jobs: JobSender;
  audit: AuditRecorder;
  limits: BillingEnforcement;
  /** Signs download addresses. */
  secret: string;
}) {
  const { db, clock, storage, jobs, audit, limits, secret } = deps;
  /** Last download address handed out per user and report: spec 2 §4's 30-second cooldown, kept here too. */
  const lastDownload = new Map<string, number>();

  async function requireReport(userId: string | null, reportId: string) {
    const row = await repo.getReport(db, reportId);
    if (!row) throw new ReportError('report_not_found');
    let access: Awaited<ReturnType<typeof requireProjectReader>>;
    try {
      access = await requireProjectReader({ db, userId }, row.projectId);
    } catch (error) {
      if (error instanceof Error && 'status' in error && (error as { status: number }).status === 401)
        throw error;
      throw new ReportError('report_not_found');
    }
    return { row, project: access.project };
  }

  function sign(reportId: string, who: string, expires: number): string {
    return createHmac('sha256', secret)
      .update(`report-download:${reportId}:${who}:${expires}`)
      .digest('base64url');
  }

  async function usageOf(tx: Database, projectId: string): Promise<ReportUsage> {
    const now = clock.now();
    const start = monthStart(now);
    const used = await repo.countThisMonth(tx, projectId, start);
    const limit = await limits.reportLimit(tx, projectId);
    return {
      can_generate: used < limit,
      monthly_limit: limit,
      used_count: used,
      remaining_count: Math.max(0, limit - used),
      reset_date: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString(),
    };
  }

  return {
    async list(userId: string | null, projectId: string): Promise<Report[]> {
      const { project } = await requireProjectReader({ db, userId }, projectId);
      return (await repo.listReports(db, projectId)).map((row) => toReportDto(row, project.name));
    },

    async status(userId: string | null, reportId: string): Promise<Report> {
      const { row, project } = await requireReport(userId, reportId);
      return toReportDto(row, project.name);
    },

    async usage(userId: string | null, projectId: string): Promise<ReportUsage> {
      await requireProjectReader({ db, userId }, projectId);
      return usageOf(db, projectId);
    },

    /**
     * Queues a report: Editors and Admins, not in the demo, within the plan's monthly limit (counted
     * under a lock on the project, so two requests at once cannot both take the last one).
     */
    async generate(userId: string, projectId: string, body: Required<GenerateReportBody>): Promise<Report> {
      const { project } = await requireProjectPermission({ db, userId }, projectId, 'reports.generate');
      const fileId = body.fileId === 'all' ? null : body.fileId;
      const versions = await repo.scopeVersions(db, projectId, fileId);
      if (fileId && versions.length === 0) {
        const exists = (await repo.scopeVersions(db, projectId, null)).length > 0;
        throw new ReportError(exists ? 'file_not_found' : 'no_files');
      }
      if (versions.length === 0) throw new ReportError('no_files');
      if (body.format === 'bcf' && versions.length > 1) throw new ReportError('bcf_one_file');
      const row = await db.transaction(async (tx) => {
        await repo.lockProject(tx, projectId);
        const used = await repo.countThisMonth(tx, projectId, monthStart(clock.now()));
        await limits.assertReportAllowed(tx, projectId, used);
        const inserted = await repo.insertReport(tx, {
          projectId,
          fileId,
          reportType: body.reportType,
          format: body.reportType === 'ai_insights' ? 'pdf' : body.format,
          bcfGrouping: body.format === 'bcf' && body.reportType !== 'ai_insights' ? body.bcfGrouping : null,
          bcfVersion: body.format === 'bcf' && body.reportType !== 'ai_insights' ? body.bcfVersion : null,
          bcfValidity: body.format === 'bcf' && body.reportType !== 'ai_insights' ? body.bcfValidity : null,
          name: body.name,
          description: body.description,
          status: 'pending',
          createdBy: userId,
          createdAt: clock.now(),
        });
        await jobs.send(generateReportJob, { reportId: inserted.id }, tx);
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'report.requested',
            targetType: 'project',
            targetId: projectId,
            details: { reportId: inserted.id, type: body.reportType, format: inserted.format },
          },
          tx,
        );
        return inserted;
      });
      return toReportDto(row, project.name);
    },

    /** A short-lived address of the report's file, for this caller only (spec 2 §7 Download). */
    async downloadUrl(userId: string | null, projectId: string, reportId: string) {
      const { row } = await requireReport(userId, reportId);
      if (row.projectId !== projectId) throw new ReportError('report_not_found');
      if (row.status === 'pending' || row.status === 'processing')
        throw new ReportError('report_in_progress');
      if (row.status === 'failed' || !row.storageKey) throw new ReportError('report_failed');
      const who = userId ?? 'anonymous';
      const now = clock.now().getTime();
      const key = `${who}:${reportId}`;
      const last = lastDownload.get(key);
      if (last !== undefined && now - last < REPORT_DOWNLOAD_COOLDOWN_MS)
        throw new ReportError('download_rate_limited');
      lastDownload.set(key, now);
      const expires = now + DOWNLOAD_LINK_MS;
      const token = `${expires}.${sign(reportId, who, expires)}`;
      return {
        download_url: `/api/v1/reports/${reportId}/file?token=${encodeURIComponent(token)}`,
        expires_at: new Date(expires).toISOString(),
      };
    },

    /** The file behind a download address: the same caller, before it expires. */
    async file(
      userId: string | null,
      reportId: string,
      token: string,
    ): Promise<{ stream: Readable; fileName: string; contentType: string; size: number | null }> {
      // Who may read the report first, as on every other route (anonymous 401, not a member 404); then
      // whether this caller's link is genuine and fresh.
      const { row } = await requireReport(userId, reportId);
      const [expiresText, signature = ''] = token.split('.');
      const expires = Number(expiresText);
      const expected = sign(reportId, userId ?? 'anonymous', expires);
      const valid =
        Number.isFinite(expires) &&
        expires > clock.now().getTime() &&
        signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      if (!valid) throw new ReportError('download_link_invalid');
      if (!row.storageKey) throw new ReportError('report_failed');
      const safe = row.name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || 'report';
      return {
        stream: await storage.getStream(row.storageKey),
        fileName: `${safe}.${FILE_EXTENSION[row.format] ?? 'pdf'}`,
        contentType: CONTENT_TYPE[row.format] ?? 'application/pdf',
        size: row.sizeBytes,
      };
    },

    /** The IDS Compliance view's BCF: one version's failures, optionally of one specification. */
    async bcf(
      userId: string | null,
      projectId: string,
      fileId: string,
      query: {
        versionId?: string;
        specificationId?: string;
        grouping: 'type' | 'element';
        bcfVersion: BcfVersion;
        validity?: 'true' | 'false';
      },
      /** The request's language, when the project sets none and the reader has no profile. */
      locale: Locale = 'en',
    ): Promise<{ bytes: Uint8Array; fileName: string }> {
      await requireProjectReader({ db, userId }, projectId);
      const { file, version } = await requireCheckedVersion(db, {
        projectId,
        fileId,
        versionId: query.versionId,
      });
      const ids = await repo.activeIdsFiles(db, projectId);
      const bytes = await renderBcf(db, {
        projectId,
        version: {
          fileId,
          fileName: file.name,
          versionId: version.id,
          versionTag: version.versionTag,
          sha256: '',
          sizeBytes: 0,
          elementsCount: version.elementsCount ?? 0,
          processedAt: version.processedAt,
        },
        specificationId: query.specificationId ?? null,
        grouping: query.grouping,
        bcfVersion: query.bcfVersion,
        idsTitle: ids.map((f) => f.name).join(', ') || null,
        locale: await repo.reportLocale(db, projectId, { userId, fallback: locale }),
        validity: query.validity === 'true',
      });
      const base = file.name.replace(/\.ifc$/i, '');
      return { bytes, fileName: `${base} ${version.versionTag} issues.bcf` };
    },

    /** Removes the report and its file; it still counts against this month's limit. */
    async remove(userId: string, projectId: string, reportId: string): Promise<void> {
      await requireProjectPermission({ db, userId }, projectId, 'reports.delete');
      const row = await repo.getReport(db, reportId);
      if (!row || row.projectId !== projectId) throw new ReportError('report_not_found');
      await repo.updateReport(db, reportId, { deletedAt: clock.now(), storageKey: null });
      if (row.storageKey) await storage.delete(row.storageKey).catch(() => {});
      await audit.record({
        actorId: userId,
        projectId,
        action: 'report.deleted',
        targetType: 'project',
        targetId: projectId,
        details: { reportId, name: row.name },
      });
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
