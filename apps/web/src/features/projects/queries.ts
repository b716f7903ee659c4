import type { BimFile, Project, UpdateProjectBody } from '@plumbline/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@/lib/api';
import type { DataSourceMode } from '@/lib/data-source';
import { filesPollInterval } from '@/lib/file-polling';
import { queryKeys } from '@/lib/query-keys';
import { useProjectsSource } from './data-source';

export function useProjects() {
  const { mode, source } = useProjectsSource();
  return useQuery({
    queryKey: queryKeys.projectList(mode),
    queryFn: ({ signal }) => source.listProjects(signal),
  });
}

/**
 * The files that belong to the project (manage files): the pickers list these. The cache holds every
 * uploaded file (the files panel shares it), so excluded ones are dropped per observer. Asked again
 * every 5 s while a file is processing or being re-checked (spec 1 §4), so a view that picks from
 * them sees its project settle and refreshes (lib/project-freshness.ts).
 */
export function useProjectFiles(projectId: string | undefined) {
  const { mode, source } = useProjectsSource();
  return useQuery({
    queryKey: queryKeys.files(mode, projectId ?? ''),
    queryFn: ({ signal }) => source.listProjectFiles(projectId ?? '', signal),
    select: includedFiles,
    enabled: Boolean(projectId),
    refetchInterval: (query) => filesPollInterval(query.state.data),
    refetchIntervalInBackground: true,
  });
}

function includedFiles(files: BimFile[]): BimFile[] {
  return files.every((file) => file.included) ? files : files.filter((file) => file.included);
}

/** Every membership across the caller's projects, for counting unique team members. */
export function useAllMemberships() {
  const { mode, source } = useProjectsSource();
  return useQuery({
    queryKey: queryKeys.memberships(mode),
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
      queryClient.setQueryData<Project[]>(queryKeys.projectList(mode), (list) =>
        list?.map((project) => (project.id === updated.id ? updated : project)),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.projectList(mode) });
    },
    // A project that is gone (deleted elsewhere) or no longer ours should leave the list.
    onError: (error) => {
      if (isApiRequestError(error) && (error.isNotFound || error.status === 403)) {
        return invalidateEveryProject(queryClient, mode);
      }
    },
  });
}

/** Everything of every project in this mode, and the lists: after a project went away or came. */
export function invalidateEveryProject(queryClient: QueryClient, mode: DataSourceMode): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.projects(mode) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.everyProject(mode) }),
  ]).then(() => undefined);
}
