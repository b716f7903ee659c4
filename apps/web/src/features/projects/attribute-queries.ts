import {
  type AddAttributeRequest,
  type AnalyzeAttributeRequest,
  addAttributeResponseSchema,
  analyzeAttributeResponseSchema,
  extraAttributesResponseSchema,
  type RecommendationUpdate,
  recommendationResponseSchema,
  schemaAttributesResponseSchema,
} from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';
import { projectKeys } from './queries';

/** Cache keys of the attribute screens; everything of a project is invalidated after a change. */
export const attributeKeys = {
  project: (mode: DataSourceMode, projectId: string) => ['attributes', mode, projectId] as const,
  extra: (mode: DataSourceMode, projectId: string, fileId: string, versionId: string | null) =>
    [...attributeKeys.project(mode, projectId), 'extra', fileId, versionId] as const,
  schema: (mode: DataSourceMode, projectId: string, fileId: string, versionId: string | null) =>
    [...attributeKeys.project(mode, projectId), 'schema', fileId, versionId] as const,
};

export interface FileVersionRef {
  projectId: string;
  fileId: string;
  versionId: string | null;
}

/** The demo project is read by the same routes (it is public); only writes differ. */
export function useExtraAttributes({ projectId, fileId, versionId }: FileVersionRef) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: attributeKeys.extra(mode, projectId, fileId, versionId),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/extra-attributes', {
          path: { projectId, fileId },
          query: { versionId },
        }),
        {
          schema: extraAttributesResponseSchema,
          signal,
        },
      ),
  });
}

export function useSchemaAttributes({ projectId, fileId, versionId }: FileVersionRef) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: attributeKeys.schema(mode, projectId, fileId, versionId),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/bimfiles/{fileId}/schema-attributes', {
          path: { projectId, fileId },
          query: { versionId },
        }),
        {
          schema: schemaAttributesResponseSchema,
          signal,
        },
      ),
  });
}

/** Refuses in demo mode before any request: the server would answer 403 anyway. */
function useWriteGuard() {
  const { readOnly } = useDataSource();
  return () => {
    if (readOnly) throw new ReadOnlyDataSourceError();
  };
}

export function useSetRecommendation(projectId: string) {
  const { mode } = useDataSource();
  const guard = useWriteGuard();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: RecommendationUpdate) => {
      guard();
      return apiRequest(apiPath('/projects/{projectId}/attributes/recommendation', { path: { projectId } }), {
        method: 'PATCH',
        body: update,
        schema: recommendationResponseSchema,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attributeKeys.project(mode, projectId) }),
  });
}

export function useAnalyzeAttribute() {
  return useMutation({
    mutationFn: (request: AnalyzeAttributeRequest) =>
      apiRequest('/attributes/analyze', {
        method: 'POST',
        body: request,
        schema: analyzeAttributeResponseSchema,
      }),
  });
}

export function useAddAttribute(projectId: string) {
  const { mode } = useDataSource();
  const guard = useWriteGuard();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: AddAttributeRequest) => {
      guard();
      return apiRequest('/attributes/add-to-specification', {
        method: 'POST',
        body: request,
        schema: addAttributeResponseSchema,
      });
    },
    // The IDS file changed: attributes, requirements, IDS file lists and compliance all move. A
    // confirmation_required answer saved nothing.
    onSuccess: (result) => {
      if (result.outcome !== 'added') return;
      void queryClient.invalidateQueries({ queryKey: attributeKeys.project(mode, projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) });
    },
  });
}
