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

/**
 * IDS compliance reads. Demo mode reads the same routes (the demo project is public); keys start
 * with the mode so the two caches never mix.
 */
const keys = {
  specifications: (mode: string, projectId: string, fileId: string | null, versionId: string | null) =>
    [mode, 'projects', projectId, 'ids-specifications', fileId, versionId] as const,
  file: (mode: string, projectId: string, fileId: string, versionId: string) =>
    [mode, 'projects', projectId, 'compliance', fileId, versionId] as const,
  results: (mode: string, projectId: string, fileId: string, versionId: string, filters: ResultFilters) =>
    [mode, 'projects', projectId, 'compliance', fileId, versionId, 'results', filters] as const,
};

export function useIdsSpecifications(
  projectId: string | null,
  fileId: string | null,
  versionId: string | null,
) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: keys.specifications(mode, projectId ?? '', fileId, versionId),
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
      previousQuery?.queryKey[2] === (projectId ?? '') ? previous : undefined,
  });
}

export function useFileCompliance(projectId: string, fileId: string, versionId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: keys.file(mode, projectId, fileId, versionId),
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
    queryKey: keys.results(mode, projectId, fileId, versionId, filters),
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
