import {
  type FileSelectionResponse,
  fileSelectionResponseSchema,
  projectRefreshResponseSchema,
} from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';
import { projectKeys } from './queries';

const selectionKey = (mode: string, projectId: string) =>
  [mode, 'projects', projectId, 'file-selection'] as const;

/** The project's uploaded files with whether each belongs to it, and the plan limits (manage files). */
export function useFileSelection(projectId: string, enabled: boolean) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: selectionKey(mode, projectId),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/file-selection', { path: { projectId } }), {
        schema: fileSelectionResponseSchema,
        signal,
      }),
    enabled,
  });
}

export function useUpdateFileSelection(projectId: string) {
  const { mode, readOnly } = useDataSource();
  const queryClient = useQueryClient();
  return useMutation({
    // The demo refuses before any request, as its data sources do (decision 0061).
    mutationFn: async (fileIds: string[]) => {
      if (readOnly) throw new ReadOnlyDataSourceError();
      return apiRequest(apiPath('/projects/{projectId}/file-selection', { path: { projectId } }), {
        method: 'PUT',
        body: { file_ids: fileIds },
        schema: fileSelectionResponseSchema,
      });
    },
    onSuccess: (answer: FileSelectionResponse) => {
      queryClient.setQueryData(selectionKey(mode, projectId), answer);
      // Totals, the overview and the pickers all change with the selection.
      return queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) });
    },
  });
}

/** Smart refresh (spec 2 §4): re-processes the newest version of each file; refused within 24 hours. */
export function useRefreshProject() {
  const { mode, readOnly } = useDataSource();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string) => {
      if (readOnly) throw new ReadOnlyDataSourceError();
      return apiRequest(apiPath('/projects/{projectId}/refresh', { path: { projectId } }), {
        method: 'POST',
        schema: projectRefreshResponseSchema,
        // An ACC project's 401 is Autodesk's: the button's reconnect flow handles it (spec 2 §4).
        redirectOnUnauthorized: false,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) }),
  });
}
