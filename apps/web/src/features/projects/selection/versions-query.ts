import { bimFileVersionListResponseSchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { projectKeys } from '../queries';

/** Versions of a file, newest first. The same route serves /demo (the demo project is public). */
export function useFileVersions(projectId: string | null, fileId: string | null) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: [...projectKeys.files(mode, projectId ?? ''), fileId ?? '', 'versions'],
    queryFn: async ({ signal }) => {
      const path = `/projects/${encodeURIComponent(projectId ?? '')}/bimfiles/${encodeURIComponent(fileId ?? '')}/versions`;
      return (await apiRequest(path, { schema: bimFileVersionListResponseSchema, signal })).versions;
    },
    enabled: Boolean(projectId && fileId),
  });
}
