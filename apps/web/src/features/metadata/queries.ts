import {
  metadataElementResponseSchema,
  metadataFacetsResponseSchema,
  metadataPageResponseSchema,
} from '@plumbline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { type ExplorerState, pageQueryString } from './explorer-state';

export interface VersionAddress {
  projectId: string;
  fileId: string;
  versionId: string;
}

/** Metadata reads; demo mode reads the same routes (the demo project is public), in its own cache. */
export function useMetadataPage(address: VersionAddress, state: ExplorerState) {
  const { mode } = useDataSource();
  const query = pageQueryString(address.versionId, state);
  return useQuery({
    queryKey: [mode, 'metadata', address.projectId, address.fileId, 'rows', query],
    queryFn: ({ signal }) =>
      apiRequest(
        `${apiPath('/projects/{projectId}/bimfiles/{fileId}/metadata', { path: address })}?${query}`,
        { schema: metadataPageResponseSchema, signal },
      ),
    // Rows stay on screen while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useMetadataFacets(address: VersionAddress) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: [mode, 'metadata', address.projectId, address.fileId, 'facets', address.versionId],
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/metadata/facets', {
          path: address,
          query: { versionId: address.versionId },
        }),
        {
          schema: metadataFacetsResponseSchema,
          signal,
        },
      ),
    staleTime: 5 * 60_000,
  });
}

export function useMetadataElement(address: VersionAddress, viewerDbId: number | null) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: [mode, 'metadata', address.projectId, address.fileId, 'element', address.versionId, viewerDbId],
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
