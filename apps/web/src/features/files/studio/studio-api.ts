/**
 * The Studio's reads of the server (issue 33): the schema's choices per IFC version, what a processed
 * model version really has (classes, property sets, values with counts) and the live count of the IDS
 * being edited on that version (the server's live-check thread). Each figure is the server's.
 */
import {
  bimFileVersionListResponseSchema,
  type IdsIfcVersion,
  studioLiveCheckResponseSchema,
  studioModelFactsSchema,
  studioSchemaResponseSchema,
  studioValuesResponseSchema,
} from '@plumbline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { studioKeys } from './studio-keys';

/** A processed version of one of the project's models: what the pickers and live counts read. */
export interface StudioModel {
  fileId: string;
  versionId: string;
}

/** The schema's entities and standard property sets of one IFC version (the same for everyone). */
export function useStudioSchema(ifcVersion: IdsIfcVersion) {
  return useQuery({
    queryKey: studioKeys.schema(ifcVersion),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/ids-studio/schema/{ifcVersion}', { path: { ifcVersion } }), {
        schema: studioSchemaResponseSchema,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The newest processed version of a file of the project, or null when it has none. */
export async function newestProcessedVersion(
  projectId: string,
  fileId: string,
  signal?: AbortSignal,
): Promise<StudioModel | null> {
  const { versions } = await apiRequest(
    apiPath('/projects/{projectId}/bimfiles/{fileId}/versions', { path: { projectId, fileId } }),
    { schema: bimFileVersionListResponseSchema, signal },
  );
  const done = versions
    .filter((v) => v.status === 'completed')
    .sort((a, b) => b.version_number - a.version_number)[0];
  return done ? { fileId, versionId: done.id } : null;
}

/** The classes and property sets the model really has, with counts. */
export function useModelFacts(projectId: string, model: StudioModel | null) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: studioKeys.model(mode, projectId, model?.versionId ?? null),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/ids-studio/model', {
          path: { projectId },
          query: { file_id: model?.fileId, version_id: model?.versionId },
        }),
        { schema: studioModelFactsSchema, signal },
      ),
    enabled: model !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A property's distinct values in the model, the most frequent first. */
export function usePropertyValues(
  projectId: string,
  model: StudioModel | null,
  property: { propertySet: string; name: string } | null,
) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: studioKeys.values(
      mode,
      projectId,
      model?.versionId ?? null,
      property?.propertySet ?? '',
      property?.name ?? '',
    ),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/ids-studio/values', {
          path: { projectId },
          query: {
            file_id: model?.fileId,
            version_id: model?.versionId,
            property_set: property?.propertySet,
            name: property?.name,
          },
        }),
        { schema: studioValuesResponseSchema, signal },
      ),
    enabled: model !== null && property !== null && property.propertySet !== '' && property.name !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Quiet time after the last change before the text is counted again (typing stays responsive). */
const LIVE_DELAY_MS = 400;

/** The text once it has stopped changing for a moment. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), LIVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * Each specification's applicable, passing and failing elements on the model, counted by the
 * server's live-check thread against the model it keeps read; the last answer stays shown while
 * the next is counted.
 */
export function useLiveCheck(projectId: string, model: StudioModel | null, text: string) {
  const { mode } = useDataSource();
  const settled = useSettled(text);
  const query = useQuery({
    queryKey: studioKeys.live(mode, projectId, model?.versionId ?? null, settled),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/ids-studio/live-check', { path: { projectId } }), {
        method: 'POST',
        body: { file_id: model?.fileId, version_id: model?.versionId, ids: settled },
        schema: studioLiveCheckResponseSchema,
        signal,
      }),
    enabled: model !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  return { ...query, current: settled === text && !query.isPlaceholderData && !query.isFetching };
}
