import {
  type ChangeMail,
  type CreateWebhookBody,
  createWebhookResponseSchema,
  projectMailSettingSchema,
  projectMailSettingsResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryResponseSchema,
  webhookListResponseSchema,
} from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

/** The project's webhooks; only asked for when the caller is its Admin (`enabled`). */
export function useWebhooks(projectId: string | undefined, enabled: boolean) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.webhooks(mode, projectId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/projects/{projectId}/webhooks', { path: { projectId: projectId ?? '' } }), {
        schema: webhookListResponseSchema,
        signal,
      }),
    enabled: Boolean(projectId) && enabled,
  });
}

/** A hook's delivery log; polled while a delivery is pending (its retries are on their way). */
export function useWebhookDeliveries(projectId: string, webhookId: string) {
  const { mode } = useDataSource();
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(mode, projectId, webhookId),
    queryFn: ({ signal }) =>
      apiRequest(
        apiPath('/projects/{projectId}/webhooks/{webhookId}/deliveries', { path: { projectId, webhookId } }),
        {
          schema: webhookDeliveryListResponseSchema,
          signal,
        },
      ),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 3000 : false,
  });
}

export function useWebhookActions(projectId: string) {
  const queryClient = useQueryClient();
  const { mode } = useDataSource();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(mode, projectId) });
  const create = useMutation({
    mutationFn: (body: CreateWebhookBody) =>
      apiRequest(apiPath('/projects/{projectId}/webhooks', { path: { projectId } }), {
        method: 'POST',
        body,
        schema: createWebhookResponseSchema,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (webhookId: string) =>
      apiRequest(apiPath('/projects/{projectId}/webhooks/{webhookId}', { path: { projectId, webhookId } }), {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
  const ping = useMutation({
    mutationFn: (webhookId: string) =>
      apiRequest(
        apiPath('/projects/{projectId}/webhooks/{webhookId}/ping', { path: { projectId, webhookId } }),
        {
          method: 'POST',
          schema: webhookDeliveryResponseSchema,
        },
      ),
    onSuccess: refresh,
  });
  const resend = useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiRequest(
        apiPath('/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/resend', {
          path: { projectId, webhookId, deliveryId },
        }),
        { method: 'POST', schema: webhookDeliveryResponseSchema },
      ),
    onSuccess: refresh,
  });
  return { create, remove, ping, resend };
}

/** The caller's own mail setting in a project (null while unknown, or for the demo). */
export function useProjectMail(projectId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.projectMail,
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/profile/project-mail'), { schema: projectMailSettingsResponseSchema, signal }),
    enabled,
  });
  const set = useMutation({
    mutationFn: (changes: ChangeMail) =>
      apiRequest(apiPath('/profile/project-mail/{projectId}', { path: { projectId: projectId ?? '' } }), {
        method: 'PUT',
        body: { changes },
        schema: projectMailSettingSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectMail }),
  });
  const current = query.data?.projects.find((p) => p.project_id === projectId)?.changes ?? null;
  return { current, set };
}
