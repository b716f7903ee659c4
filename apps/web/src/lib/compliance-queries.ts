import {
  type ComplianceStatus,
  complianceResultsResponseSchema,
  fileComplianceSchema,
  idsSpecificationListResponseSchema,
} from '@plumbline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { projectOfKey, queryKeys } from '@/lib/query-keys';

/**
 * IDS compliance reads. Demo mode reads the same routes (the demo project is public); the keys carry
 * the mode so the two caches never mix (lib/query-keys.ts).
 */

export function useIdsSpecifications(
  projectId: string | null,
  fileId: string | null,
  versionId: string | null,
) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.idsSpecifications(mode, projectId ?? '', fileId, versionId),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/ids/specifications', {
          path: { projectId: projectId ?? '' },
          query: { fileId, versionId },
        }),
        {
          schema: idsSpecificationListResponseSchema,
          signal,
        },
      ),
    enabled: Boolean(projectId),
    // Choosing a file or version keeps the list on screen while its compliance loads (no skeleton flash).
    placeholderData: (previous, previousQuery) =>
      previousQuery && projectOfKey(previousQuery.queryKey)?.projectId === (projectId ?? '')
        ? previous
        : undefined,
  });
}

export function useFileCompliance(projectId: string, fileId: string, versionId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.compliance(mode, projectId, fileId, versionId),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/compliance', {
          path: { projectId, fileId },
          query: { versionId },
        }),
        {
          schema: fileComplianceSchema,
          signal,
        },
      ),
  });
}

export interface ResultFilters {
  specificationId: string | null;
  status: ComplianceStatus | null;
}

/** The IDS Compliance view's counts and its first 20 results (spec 2 §9). */
export const RESULTS_SHOWN = 20;

export function useComplianceResults(
  projectId: string,
  fileId: string,
  versionId: string,
  filters: ResultFilters,
) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.complianceResults(mode, projectId, fileId, versionId, filters),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/compliance/results', {
          path: { projectId, fileId },
          query: {
            versionId,
            specificationId: filters.specificationId,
            status: filters.status,
            limit: RESULTS_SHOWN,
          },
        }),
        { schema: complianceResultsResponseSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });
}
