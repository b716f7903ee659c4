import { attributeInsightsSchema, schemaSummarySchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

/** Spec 1 §5: coverage rate labels. */
export function coverageLabel(rate: number): 'Excellent' | 'Good' | 'Needs Attention' {
  if (rate >= 80) return 'Excellent';
  if (rate >= 60) return 'Good';
  return 'Needs Attention';
}

/** Spec 1 §2.2: the Overview shows at most 4 recommendations. */
export const OVERVIEW_RECOMMENDATIONS = 4;

export function useSchemaSummary(projectId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.schemaSummary(mode, projectId),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/schema-summary', { path: { projectId } }), {
        schema: schemaSummarySchema,
        signal,
      }),
  });
}

export function useAttributeInsights(projectId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.attributeInsights(mode, projectId),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/attribute-insights', { path: { projectId } }), {
        schema: attributeInsightsSchema,
        signal,
      }),
  });
}
