import {
  type FileSelectionResponse,
  fileSelectionResponseSchema,
  projectRefreshResponseSchema,
} from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { projectKeys } from './queries';

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

const selectionKey = (mode: string, projectId: string) =>
  [mode, 'projects', projectId, 'file-selection'] as const;

/** The project's uploaded files with whether each belongs to it, and the plan limits (manage files). */
export function useFileSelection(projectId: string, enabled: boolean) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: selectionKey(mode, projectId),
    queryFn: ({ signal }) =>
      apiRequest(`${projectPath(projectId)}/file-selection`, { schema: fileSelectionResponseSchema, signal }),
    enabled,
  });
}

export function useUpdateFileSelection(projectId: string) {
  const { mode } = useDataSource();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) =>
      apiRequest(`${projectPath(projectId)}/file-selection`, {
        method: 'PUT',
        body: { file_ids: fileIds },
        schema: fileSelectionResponseSchema,
      }),
    onSuccess: (answer: FileSelectionResponse) => {
      queryClient.setQueryData(selectionKey(mode, projectId), answer);
      // Totals, the overview and the pickers all change with the selection.
      return queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) });
    },
  });
}

/** Smart refresh (spec 2 §4): re-processes the newest version of each file; refused within 24 hours. */
export function useRefreshProject() {
  const { mode } = useDataSource();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) =>
      apiRequest(`${projectPath(projectId)}/refresh`, {
        method: 'POST',
        schema: projectRefreshResponseSchema,
        // An ACC project's 401 is Autodesk's: the button's reconnect flow handles it (spec 2 §4).
        redirectOnUnauthorized: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) }),
  });
}
