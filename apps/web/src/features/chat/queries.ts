import { aiModelContextSchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

/** The project and version summary the chat panel opens with (welcome, focus and analysis boxes). */
export function useChatContext(
  projectId: string | null | undefined,
  fileId: string | null | undefined,
  versionId: string | null | undefined,
) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.chatContext(mode, projectId ?? '', fileId ?? null, versionId ?? null),
    enabled: Boolean(projectId && fileId),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/ai/context/{projectId}/{fileId}', {
          path: { projectId: projectId ?? '', fileId: fileId ?? '' },
          query: { versionId: versionId || null },
        }),
        { schema: aiModelContextSchema, signal },
      ),
  });
}
