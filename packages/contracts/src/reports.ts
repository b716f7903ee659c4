import { z } from 'zod';

/** Spec 2 §2.7: the two report types of the Generate Reports card. */
export const reportTypeSchema = z.enum(['comprehensive', 'ai_insights']);
export type ReportType = z.infer<typeof reportTypeSchema>;

/** bcf: the failures as BCF topics for the authoring tool's issue list (one file at a time). */
export const reportFormatSchema = z.enum(['pdf', 'xlsx', 'bcf']);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

/** BCF-XML releases written; 2.1 opens in the most tools (decision 0161). */
export const bcfVersionSchema = z.enum(['2.1', '3.0']);
export type BcfVersion = z.infer<typeof bcfVersionSchema>;
export const DEFAULT_BCF_VERSION: BcfVersion = '2.1';

export const reportStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed']);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/**
 * Why a report failed, as stored and sent (issue 31): a code, and for `generation_failed` the failure's
 * technical detail (an exception's own text, data like a file name, not translated). Rendered at display
 * from the `report.failure` message of the shared errors catalogue (`reportFailureMessage`).
 */
export const reportFailureCodeSchema = z.enum(['no_files', 'author_gone', 'generation_failed']);
export type ReportFailureCode = z.infer<typeof reportFailureCodeSchema>;
export const reportFailureSchema = z.object({
  code: reportFailureCodeSchema,
  detail: z.string().nullable(),
});
export type ReportFailure = z.infer<typeof reportFailureSchema>;

/** The message id and values a report's failure is rendered from, in the reader's language. */
export function reportFailureMessage(failure: ReportFailure): {
  id: 'report.failure';
  params: { code: ReportFailureCode; detail: string };
} {
  return { id: 'report.failure', params: { code: failure.code, detail: failure.detail ?? '' } };
}

/** Spec 2 §3 Report, with the type, the file it covers and its size. */
export const reportSchema = z.object({
  id: z.string().uuid(),
  report_id: z.string().uuid(),
  project_id: z.string().uuid(),
  project_name: z.string(),
  /** The BIM file reported on; null: every included file of the project. */
  file_id: z.string().uuid().nullable(),
  report_type: reportTypeSchema,
  name: z.string(),
  description: z.string(),
  format: reportFormatSchema,
  status: reportStatusSchema,
  /** Why it failed (status failed), as a code with its detail: what a screen renders. */
  failure: reportFailureSchema.nullable(),
  /** The failure in words, in the request's language (Accept-Language), for API clients. */
  error_message: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  download_available: z.boolean(),
  /** Asked for separately (POST …/download): a short-lived address. */
  download_url: z.string().nullable(),
  report_url: z.string().nullable(),
  file_path: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListResponseSchema = z.object({ reports: z.array(reportSchema) });
export const reportResponseSchema = z.object({ report: reportSchema });

/** Spec 2 §7 Generate report: fileId (one file, or 'all'), reportType, name, description. */
export const generateReportBodySchema = z.object({
  fileId: z.union([z.literal('all'), z.string().uuid('error.file_not_found')]).default('all'),
  reportType: reportTypeSchema,
  format: reportFormatSchema.default('pdf'),
  name: z.string().trim().min(1, 'validation.report.nameRequired').max(200, 'validation.report.nameTooLong'),
  description: z.string().trim().max(1000, 'validation.description.tooLong').optional().default(''),
  /** BCF only: one topic per failing element type and specification (default), or per element. */
  bcfGrouping: z.enum(['type', 'element']).default('type'),
  /** BCF only: the BCF-XML release. */
  bcfVersion: bcfVersionSchema.default(DEFAULT_BCF_VERSION),
  /** BCF only: the model's validity findings too, one topic per failing rule (issue 38). */
  bcfValidity: z.boolean().default(false),
});
export type GenerateReportBody = z.input<typeof generateReportBodySchema>;

export const generateReportResponseSchema = z.object({ report_id: z.string().uuid(), report: reportSchema });

/** Spec 2 §3 Monthly report usage. */
export const reportUsageSchema = z.object({
  can_generate: z.boolean(),
  monthly_limit: z.number().int(),
  used_count: z.number().int(),
  remaining_count: z.number().int(),
  /** First day of next month (UTC), when the count starts again. */
  reset_date: z.string(),
});
export type ReportUsage = z.infer<typeof reportUsageSchema>;

export const reportDownloadResponseSchema = z.object({ download_url: z.string(), expires_at: z.string() });

export const reportParamsSchema = z.object({ reportId: z.string().uuid('error.report_not_found') });
export const projectReportParamsSchema = z.object({
  projectId: z.string().uuid('error.project_not_found'),
  reportId: z.string().uuid('error.report_not_found'),
});
export const reportFileQuerySchema = z.object({ token: z.string().min(1).max(500) });

/** Error codes of the reports module (HTTP status in brackets). */
export const reportErrorCodes = [
  'report_not_found', // 404
  'no_files', // 400 'No files found': upload files first
  'file_not_found', // 404
  'report_in_progress', // 409 'Report In Progress'
  'report_failed', // 409 'Report Failed'
  'download_rate_limited', // 429 'Download Rate Limited'
  'download_link_invalid', // 403 an expired or foreign download address
  'editor_role_required', // 403
  'bcf_one_file', // 400 a BCF covers one model file
] as const;
export type ReportErrorCode = (typeof reportErrorCodes)[number];

/** Spec 2 §9: how often the browser asks for a generating report, and when it stops asking. */
export const REPORT_POLL_MS = 6_000;
export const REPORT_TIMEOUT_MS = 5 * 60_000;
export const REPORT_DOWNLOAD_COOLDOWN_MS = 30_000;
