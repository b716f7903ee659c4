import {
  metadataElementResponseSchema,
  metadataFacetsResponseSchema,
  metadataPageResponseSchema,
} from '@plumbline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';
import { type ExplorerState, pageQuery, selectionQuery } from './explorer-state';

export interface VersionAddress {
  projectId: string;
  fileId: string;
  versionId: string;
}

/** Metadata reads; demo mode reads the same routes (the demo project is public), in its own cache. */
export function useMetadataPage(address: VersionAddress, state: ExplorerState) {
  const { mode } = useDataSource();
  const path = apiPath('/projects/{projectId}/bimfiles/{fileId}/metadata', {
    path: { projectId: address.projectId, fileId: address.fileId },
    query: pageQuery(address.versionId, state),
  });
  return useQuery({
    queryKey: queryKeys.metadataRows(mode, address.projectId, address.fileId, path),
    queryFn: ({ signal }) => apiRequest(path, { schema: metadataPageResponseSchema, signal }),
    // Rows stay on screen while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The filter panel, counted under the current search, filters and range (decision 0346). */
export function useMetadataFacets(
  address: VersionAddress,
  state: Pick<ExplorerState, 'search' | 'filters' | 'range'>,
) {
  const { mode } = useDataSource();
  const path = apiPath('/projects/{projectId}/bimfiles/{fileId}/metadata/facets', {
    path: { projectId: address.projectId, fileId: address.fileId },
    query: { versionId: address.versionId, ...selectionQuery(state) },
  });
  return useQuery({
    queryKey: queryKeys.metadataFacets(mode, address.projectId, address.fileId, address.versionId, path),
    queryFn: ({ signal }) => apiRequest(path, { schema: metadataFacetsResponseSchema, signal }),
    // The panel keeps its options while counts for a new selection load.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useMetadataElement(address: VersionAddress, viewerDbId: number | null) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.metadataElement(
      mode,
      address.projectId,
      address.fileId,
      address.versionId,
      viewerDbId,
    ),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/metadata/elements/{viewerDbId}', {
          path: { ...address, viewerDbId: viewerDbId ?? 0 },
          query: { versionId: address.versionId },
        }),
        {
          schema: metadataElementResponseSchema,
          signal,
        },
      ),
    enabled: viewerDbId !== null,
    staleTime: 5 * 60_000,
  });
}
