import { profileResponseSchema } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';

export const profileQueryKey = ['profile'] as const;

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPath('/profile'), { schema: profileResponseSchema, signal })).profile,
    enabled,
  });
}
