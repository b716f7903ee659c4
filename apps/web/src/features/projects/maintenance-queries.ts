import { type FileSelectionResponse, fileSelectionResponseSchema } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { projectChanged } from '@/lib/project-freshness';
import { queryKeys } from '@/lib/query-keys';
import { useProjectsSource } from './data-source';

/** The project's uploaded files with whether each belongs to it, and the plan limits (manage files). */
export function useFileSelection(projectId: string, enabled: boolean) {
  const { mode } = useProjectsSource();
  return useQuery({
    queryKey: queryKeys.fileSelection(mode, projectId),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/file-selection', { path: { projectId } }), {
        schema: fileSelectionResponseSchema,
        signal,
      }),
    enabled,
  });
}

export function useUpdateFileSelection(projectId: string) {
  const { mode, source } = useProjectsSource();
  const queryClient = useQueryClient();
  return useMutation({
    // The demo's source refuses before any request (decision 0061).
    mutationFn: (fileIds: string[]) => source.setFileSelection(projectId, fileIds),
    onSuccess: (answer: FileSelectionResponse) => {
      queryClient.setQueryData(queryKeys.fileSelection(mode, projectId), answer);
      // Totals, the overview and the pickers all change with the selection.
      projectChanged(queryClient, mode, projectId);
    },
  });
}

/** Smart refresh (spec 2 §4): re-processes the newest version of each file; refused within 24 hours. */
export function useRefreshProject() {
  const { mode, source } = useProjectsSource();
  const queryClient = useQueryClient();
  return useMutation({
    // An ACC project's 401 is Autodesk's: the button's reconnect flow handles it (spec 2 §4).
    mutationFn: (projectId: string) => source.refreshProject(projectId),
    onSuccess: (_answer, projectId) => projectChanged(queryClient, mode, projectId),
  });
}
