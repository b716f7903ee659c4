import {
  type CreateWaiverBody,
  type WaiverList,
  type WaiverListQuery,
  waiverListSchema,
  waiverSchema,
  waiverSettingsSchema,
} from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api';
import { apiPath, apiUrl } from '@/lib/api/paths';

const waiverKeys = {
  all: (projectId: string) => ['waivers', projectId] as const,
  list: (projectId: string, query: WaiverListQuery) => ['waivers', projectId, query] as const,
};

/** Figures and statuses change with a waiver: everything compliance-related is read again. */
function invalidateAfterWaiver(queryClient: ReturnType<typeof useQueryClient>, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: waiverKeys.all(projectId) }),
    queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes(projectId) }),
  ]);
}

export function useWaivers(projectId: string, query: WaiverListQuery) {
  return useQuery({
    queryKey: waiverKeys.list(projectId, query),
    queryFn: ({ signal }): Promise<WaiverList> =>
      apiRequest(apiPath('/projects/{projectId}/waivers', { path: { projectId }, query }), {
        schema: waiverListSchema,
        signal,
      }),
  });
}

export function waiversExportUrl(projectId: string, query: WaiverListQuery): string {
  return apiUrl('/projects/{projectId}/waivers/export', { path: { projectId }, query });
}

export function useRequestWaiver(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWaiverBody) =>
      apiRequest(apiPath('/projects/{projectId}/waivers', { path: { projectId } }), {
        method: 'POST',
        body,
        schema: z.object({ waiver: waiverSchema }),
      }),
    onSuccess: () => invalidateAfterWaiver(queryClient, projectId),
  });
}

export function useDecideWaiver(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ waiverId, outcome }: { waiverId: string; outcome: 'approve' | 'reject' }) =>
      apiRequest(
        outcome === 'approve'
          ? apiPath('/projects/{projectId}/waivers/{waiverId}/approve', { path: { projectId, waiverId } })
          : apiPath('/projects/{projectId}/waivers/{waiverId}/reject', { path: { projectId, waiverId } }),
        { method: 'POST', body: {}, schema: z.object({ waiver: waiverSchema }) },
      ),
    onSuccess: () => invalidateAfterWaiver(queryClient, projectId),
  });
}

export function useWaiverSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selfApproval: boolean) =>
      apiRequest(apiPath('/projects/{projectId}/waiver-settings', { path: { projectId } }), {
        method: 'PUT',
        body: { self_approval: selfApproval },
        schema: waiverSettingsSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waiverKeys.all(projectId) }),
  });
}
