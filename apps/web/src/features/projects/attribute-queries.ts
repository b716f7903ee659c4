import {
  type AddAttributeRequest,
  type AnalyzeAttributeRequest,
  analyzeAttributeResponseSchema,
  extraAttributesResponseSchema,
  type RecommendationUpdate,
  schemaAttributesResponseSchema,
} from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { projectChanged } from '@/lib/project-freshness';
import { queryKeys } from '@/lib/query-keys';
import { useProjectsSource } from './data-source';

export interface FileVersionRef {
  projectId: string;
  fileId: string;
  versionId: string | null;
}

/** The demo project is read by the same routes (it is public); only writes differ. */
export function useExtraAttributes({ projectId, fileId, versionId }: FileVersionRef) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.extraAttributes(mode, projectId, fileId, versionId),
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
    queryKey: queryKeys.schemaAttributes(mode, projectId, fileId, versionId),
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

export function useSetRecommendation(projectId: string) {
  const { mode, source } = useProjectsSource();
  const queryClient = useQueryClient();
  return useMutation({
    // The demo's source refuses before any request: the server would answer 403 anyway.
    mutationFn: (update: RecommendationUpdate) => source.setRecommendation(projectId, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.attributes(mode, projectId) }),
  });
}

export function useAnalyzeAttribute() {
  return useMutation({
    mutationFn: (request: AnalyzeAttributeRequest) =>
      // A question, not a write: the analysis is read by POST and changes nothing.
      apiRequest(apiPath('/attributes/analyze'), {
        method: 'POST',
        body: request,
        schema: analyzeAttributeResponseSchema,
      }),
  });
}

export function useAddAttribute(projectId: string) {
  const { mode, source } = useProjectsSource();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddAttributeRequest) => source.addToSpecification(request),
    // The IDS file changed and the models are checked again: attributes, requirements, IDS file lists
    // and compliance all move. A confirmation_required answer saved nothing.
    onSuccess: (result) => {
      if (result.outcome !== 'added') return;
      projectChanged(queryClient, mode, projectId);
    },
  });
}
