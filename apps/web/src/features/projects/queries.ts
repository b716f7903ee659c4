import type { BimFile, Project, UpdateProjectBody } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@/lib/api';
import type { DataSourceMode } from '@/lib/data-source';
import { useProjectsSource } from './data-source';

/** Cache keys start with the data-source mode so live and demo answers never mix. */
export const projectKeys = {
  all: (mode: DataSourceMode) => [mode, 'projects'] as const,
  list: (mode: DataSourceMode) => [mode, 'projects', 'list'] as const,
  files: (mode: DataSourceMode, projectId: string) => [mode, 'projects', projectId, 'files'] as const,
  members: (mode: DataSourceMode, projectId: string) => [mode, 'projects', projectId, 'members'] as const,
  memberships: (mode: DataSourceMode) => [mode, 'projects', 'memberships'] as const,
};

export function useProjects() {
  const { mode, source } = useProjectsSource();
  return useQuery({
    queryKey: projectKeys.list(mode),
    queryFn: ({ signal }) => source.listProjects(signal),
  });
}

/**
 * The files that belong to the project (manage files): the pickers list these. The cache holds every
 * uploaded file (the files panel shares it), so excluded ones are dropped per observer.
 */
export function useProjectFiles(projectId: string | undefined) {
  const { mode, source } = useProjectsSource();
  return useQuery({
    queryKey: projectKeys.files(mode, projectId ?? ''),
    queryFn: ({ signal }) => source.listProjectFiles(projectId ?? '', signal),
    select: includedFiles,
    enabled: Boolean(projectId),
  });
}

function includedFiles(files: BimFile[]): BimFile[] {
  return files.every((file) => file.included) ? files : files.filter((file) => file.included);
}

/** Every membership across the caller's projects, for counting unique team members. */
export function useAllMemberships() {
  const { mode, source } = useProjectsSource();
  return useQuery({
    queryKey: projectKeys.memberships(mode),
    queryFn: ({ signal }) => source.listAllMemberships(signal),
  });
}

export function useUpdateProject() {
  const { mode, source } = useProjectsSource();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, body }: { projectId: string; body: UpdateProjectBody }) =>
      source.updateProject(projectId, body),
    onSuccess: (updated) => {
      // Show the new name at once, then refetch for figures the server derives.
      queryClient.setQueryData<Project[]>(projectKeys.list(mode), (list) =>
        list?.map((project) => (project.id === updated.id ? updated : project)),
      );
      return queryClient.invalidateQueries({ queryKey: projectKeys.list(mode) });
    },
    // A project that is gone (deleted elsewhere) or no longer ours should leave the list.
    onError: (error) => {
      if (isApiRequestError(error) && (error.isNotFound || error.status === 403)) {
        return queryClient.invalidateQueries({ queryKey: projectKeys.all(mode) });
      }
    },
  });
}
