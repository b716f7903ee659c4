import { type GenerateReportBody, generateReportResponseSchema, type Report } from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';

/** The Reports area's writes, in one place with the demo guard (decision 0061). */
export interface ReportsSource {
  generateReport(projectId: string, body: GenerateReportBody): Promise<{ report: Report }>;
  deleteReport(projectId: string, reportId: string): Promise<void>;
}

export const liveReportsSource: ReportsSource = {
  async generateReport(projectId, body) {
    return apiRequest(apiPath('/projects/{projectId}/reports', { path: { projectId } }), {
      method: 'POST',
      body,
      schema: generateReportResponseSchema,
    });
  },
  async deleteReport(projectId, reportId) {
    await apiRequest(apiPath('/projects/{projectId}/reports/{reportId}', { path: { projectId, reportId } }), {
      method: 'DELETE',
    });
  },
};

/** Report generation is blocked in demo mode (spec 2 §1, §5), and so is deleting: nothing is sent. */
export const demoReportsSource: ReportsSource = {
  generateReport: async () => {
    throw new ReadOnlyDataSourceError();
  },
  deleteReport: async () => {
    throw new ReadOnlyDataSourceError();
  },
};

const SOURCES: Record<DataSourceMode, ReportsSource> = { live: liveReportsSource, demo: demoReportsSource };

export function useReportsSource(): ReportsSource {
  return SOURCES[useDataSource().mode];
}
