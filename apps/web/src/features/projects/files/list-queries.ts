import { useQuery } from '@tanstack/react-query';
import { useDataSource } from '@/lib/data-source';
import { filesPollInterval } from '@/lib/file-polling';
import { queryKeys } from '@/lib/query-keys';
import { filesReader } from './read-source';

// The lists of a project's files: reads only, so the Overview's first view asks for them without the
// upload code (queries.ts re-exports them beside the writes; decision 0449).

/** The project's BIM files, polled every 5 s (also in a background tab) until all are settled. */
export function useBimFiles(projectId: string) {
  const { mode } = useDataSource();
  // When the last file settles, lib/project-freshness.ts refreshes every view of the project.
  return useQuery({
    queryKey: queryKeys.files(mode, projectId),
    queryFn: ({ signal }) => filesReader.listBimFiles(projectId, signal),
    refetchInterval: (current) => filesPollInterval(current.state.data),
    refetchIntervalInBackground: true,
  });
}

export function useIdsFiles(projectId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.idsFiles(mode, projectId),
    queryFn: ({ signal }) => filesReader.listIdsFiles(projectId, signal),
  });
}
