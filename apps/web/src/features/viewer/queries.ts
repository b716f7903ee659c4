import {
  type ElementHighlightResponse,
  type ElementStatusesResponse,
  elementHighlightResponseSchema,
  elementStatusesResponseSchema,
} from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { errorFromResponse, networkError } from '@/lib/api/errors';
import { apiPath, apiUrl } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

/**
 * The version's converted model (.frag bytes). Not kept in the query cache: a big model would stay
 * in memory after the viewer closed; the browser's HTTP cache revalidates it by ETag instead.
 */
export async function fetchFragments(
  projectId: string,
  fileId: string,
  versionId: string,
  signal: AbortSignal,
): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(
      apiUrl('/projects/{projectId}/bimfiles/{fileId}/versions/{versionId}/fragments', {
        path: { projectId, fileId, versionId },
      }),
      { credentials: 'same-origin', signal },
    );
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(cause);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: errorFromResponse words it from the status
    }
    throw errorFromResponse(response.status, response.statusText, body);
  }
  return response.arrayBuffer();
}

/** Viewer ids of elements given by GlobalId (spec 3 §7). */
export function convertGuidsToViewerIds(
  projectId: string,
  fileId: string,
  versionId: string,
  guids: string[],
): Promise<ElementHighlightResponse> {
  return apiRequest(
    apiPath('/projects/{projectId}/bimfiles/{fileId}/elements/highlight', {
      path: { projectId, fileId },
      query: { versionId },
    }),
    {
      method: 'POST',
      body: { element_guids: guids },
      schema: elementHighlightResponseSchema,
    },
  );
}

/** Per-element compliance statuses of a version (the compliance module's endpoint). */
export function useElementStatuses(
  projectId: string,
  fileId: string,
  versionId: string,
  specificationId: string | undefined,
  enabled: boolean,
) {
  const { mode } = useDataSource();
  return useQuery<ElementStatusesResponse>({
    queryKey: queryKeys.elementStatuses(mode, projectId, fileId, versionId, specificationId ?? null),
    enabled,
    queryFn: ({ signal }) => {
      const path = apiPath('/projects/{projectId}/bimfiles/{fileId}/compliance/element-statuses', {
        path: { projectId, fileId },
        query: { versionId, specificationId: specificationId || null },
      });
      return apiRequest(path, {
        schema: elementStatusesResponseSchema,
        signal,
      });
    },
  });
}
