import { projectOverviewSchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { filesPollInterval } from '@/lib/file-polling';
import { queryKeys } from '@/lib/query-keys';
import { type TrendColors, trendColorsFrom } from './trend';

/**
 * The Dashboard Overview of a project. The same route serves /demo (the demo project is public).
 * Under the project's root, so uploads, deletes, refreshes and settled re-checks refresh it too.
 */
export function useProjectOverview(projectId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.overview(mode, projectId),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/overview', { path: { projectId } }), {
        schema: projectOverviewSchema,
        signal,
      }),
    // While a file is processing or being re-checked its figures change: ask again until all settle.
    refetchInterval: (query) => filesPollInterval(query.state.data?.files),
  });
}

/** Chart colours from the static colour file (spec 1 §2.2, §7 GET /visualization-colors.json). */
export function useVisualizationColors(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['visualization-colors'] as const,
    queryFn: async ({ signal }): Promise<TrendColors> => {
      const response = await fetch('/visualization-colors.json', { signal });
      if (!response.ok) throw new Error(`Colour file answered ${response.status}`);
      return trendColorsFrom(await response.json());
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
