import {
  type ElementHighlightResponse,
  type ElementStatusesResponse,
  elementHighlightResponseSchema,
  elementStatusesResponseSchema,
} from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '@/lib/api';
import { errorFromResponse, networkError } from '@/lib/api/errors';
import { useDataSource } from '@/lib/data-source';

const filePath = (projectId: string, fileId: string) =>
  `/projects/${encodeURIComponent(projectId)}/bimfiles/${encodeURIComponent(fileId)}`;

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
      `${API_BASE}${filePath(projectId, fileId)}/versions/${encodeURIComponent(versionId)}/fragments`,
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
    `${filePath(projectId, fileId)}/elements/highlight?versionId=${encodeURIComponent(versionId)}`,
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
    queryKey: [mode, 'element-statuses', projectId, fileId, versionId, specificationId ?? null],
    enabled,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ versionId });
      if (specificationId) query.set('specificationId', specificationId);
      return apiRequest(`${filePath(projectId, fileId)}/compliance/element-statuses?${query}`, {
        schema: elementStatusesResponseSchema,
        signal,
      });
    },
  });
}
