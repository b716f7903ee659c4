import type { ChangeMail, CreateWebhookBody } from '@plumbline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { useWebhooksSource } from './webhooks-source';

/** The project's webhooks; only asked for when the caller is its Admin (`enabled`). */
export function useWebhooks(projectId: string | undefined, enabled: boolean) {
  const { mode, source } = useWebhooksSource();
  return useQuery({
    queryKey: queryKeys.webhooks(mode, projectId ?? ''),
    queryFn: ({ signal }) => source.listWebhooks(projectId ?? '', signal),
    enabled: Boolean(projectId) && enabled,
  });
}

/** A hook's delivery log; polled while a delivery is pending (its retries are on their way). */
export function useWebhookDeliveries(projectId: string, webhookId: string) {
  const { mode, source } = useWebhooksSource();
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(mode, projectId, webhookId),
    queryFn: ({ signal }) => source.listDeliveries(projectId, webhookId, signal),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 3000 : false,
  });
}

export function useWebhookActions(projectId: string) {
  const queryClient = useQueryClient();
  const { mode, source } = useWebhooksSource();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(mode, projectId) });
  const create = useMutation({
    mutationFn: (body: CreateWebhookBody) => source.createWebhook(projectId, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (webhookId: string) => source.deleteWebhook(projectId, webhookId),
    onSuccess: refresh,
  });
  const ping = useMutation({
    mutationFn: (webhookId: string) => source.ping(projectId, webhookId),
    onSuccess: refresh,
  });
  const resend = useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      source.resend(projectId, webhookId, deliveryId),
    onSuccess: refresh,
  });
  return { create, remove, ping, resend };
}

/** The caller's own mail setting in a project (null while unknown, or for the demo). */
export function useProjectMail(projectId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const { source } = useWebhooksSource();
  const query = useQuery({
    queryKey: queryKeys.projectMail,
    queryFn: ({ signal }) => source.listProjectMail(signal),
    enabled,
  });
  const set = useMutation({
    mutationFn: (changes: ChangeMail) => source.setProjectMail(projectId ?? '', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectMail }),
  });
  const current = query.data?.projects.find((p) => p.project_id === projectId)?.changes ?? null;
  return { current, set };
}
