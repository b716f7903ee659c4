import { bimFileVersionListResponseSchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

/** Versions of a file, newest first. The same route serves /demo (the demo project is public). */
export function useFileVersions(projectId: string | null, fileId: string | null) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.fileVersions(mode, projectId ?? '', fileId ?? ''),
    queryFn: async ({ signal }) => {
      const path = apiPath('/projects/{projectId}/bimfiles/{fileId}/versions', {
        path: { projectId: projectId ?? '', fileId: fileId ?? '' },
      });
      return (await apiRequest(path, { schema: bimFileVersionListResponseSchema, signal })).versions;
    },
    enabled: Boolean(projectId && fileId),
  });
}
