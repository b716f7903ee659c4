import {
  REPORT_POLL_MS,
  type Report,
  reportDownloadResponseSchema,
  reportListResponseSchema,
  reportResponseSchema,
  reportUsageSchema,
} from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

const busy = (report: Report) => report.status === 'pending' || report.status === 'processing';

/** The project's reports; asked again every 6 s while one of them is still generating (spec 2 §4). */
export function useReports(projectId: string | undefined) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.reportList(mode, projectId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPath('/projects/{projectId}/reports', { path: { projectId: projectId ?? '' } }), {
          schema: reportListResponseSchema,
          signal,
        })
      ).reports,
    enabled: Boolean(projectId),
    refetchInterval: (query) => (query.state.data?.some(busy) ? REPORT_POLL_MS : false),
  });
}

export function useReportUsage(projectId: string | undefined) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.reportUsage(mode, projectId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/reports/usage', { path: { projectId: projectId ?? '' } }), {
        schema: reportUsageSchema,
        signal,
      }),
    enabled: Boolean(projectId),
  });
}

export async function reportStatus(reportId: string): Promise<Report> {
  const path = apiPath('/reports/{reportId}', { path: { reportId } });
  return (await apiRequest(path, { schema: reportResponseSchema })).report;
}

/** Spec 2 §7 Download: a short-lived download_url first, then the file itself with the session. */
export async function fetchReportFile(report: Report): Promise<Blob> {
  const { download_url } = await apiRequest(
    apiPath('/projects/{projectId}/reports/{reportId}/download', {
      path: { projectId: report.project_id, reportId: report.id },
    }),
    { method: 'POST', schema: reportDownloadResponseSchema },
  );
  const response = await fetch(download_url, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiRequestError({
      status: response.status,
      code: body?.error?.code ?? 'download_failed',
      message: body?.error?.message ?? `Download failed with status ${response.status}`,
    });
  }
  return response.blob();
}
