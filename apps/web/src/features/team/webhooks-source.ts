import {
  type ChangeMail,
  type CreateWebhookBody,
  type CreateWebhookResponse,
  createWebhookResponseSchema,
  type ProjectMailSetting,
  type ProjectMailSettingsResponse,
  projectMailSettingSchema,
  projectMailSettingsResponseSchema,
  type WebhookDeliveryListResponse,
  type WebhookDeliveryResponse,
  type WebhookListResponse,
  webhookDeliveryListResponseSchema,
  webhookDeliveryResponseSchema,
  webhookListResponseSchema,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';

/** What the Team tab's webhooks card and the change-mail choice read and write (issue 30 item 6). */
export interface WebhooksSource {
  listWebhooks(projectId: string, signal?: AbortSignal): Promise<WebhookListResponse>;
  listDeliveries(
    projectId: string,
    webhookId: string,
    signal?: AbortSignal,
  ): Promise<WebhookDeliveryListResponse>;
  createWebhook(projectId: string, body: CreateWebhookBody): Promise<CreateWebhookResponse>;
  deleteWebhook(projectId: string, webhookId: string): Promise<void>;
  ping(projectId: string, webhookId: string): Promise<WebhookDeliveryResponse>;
  resend(projectId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryResponse>;
  listProjectMail(signal?: AbortSignal): Promise<ProjectMailSettingsResponse>;
  setProjectMail(projectId: string, changes: ChangeMail): Promise<ProjectMailSetting>;
}

const hookPath = (projectId: string, webhookId: string) =>
  apiPath('/projects/{projectId}/webhooks/{webhookId}', { path: { projectId, webhookId } });

export const liveWebhooksSource: WebhooksSource = {
  listWebhooks: (projectId, signal) =>
    apiRequest(apiPath('/projects/{projectId}/webhooks', { path: { projectId } }), {
      schema: webhookListResponseSchema,
      signal,
    }),
  listDeliveries: (projectId, webhookId, signal) =>
    apiRequest(
      apiPath('/projects/{projectId}/webhooks/{webhookId}/deliveries', { path: { projectId, webhookId } }),
      {
        schema: webhookDeliveryListResponseSchema,
        signal,
      },
    ),
  createWebhook: (projectId, body) =>
    apiRequest(apiPath('/projects/{projectId}/webhooks', { path: { projectId } }), {
      method: 'POST',
      body,
      schema: createWebhookResponseSchema,
    }),
  deleteWebhook: async (projectId, webhookId) => {
    await apiRequest(hookPath(projectId, webhookId), { method: 'DELETE' });
  },
  ping: (projectId, webhookId) =>
    apiRequest(
      apiPath('/projects/{projectId}/webhooks/{webhookId}/ping', { path: { projectId, webhookId } }),
      {
        method: 'POST',
        schema: webhookDeliveryResponseSchema,
      },
    ),
  resend: (projectId, webhookId, deliveryId) =>
    apiRequest(
      apiPath('/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/resend', {
        path: { projectId, webhookId, deliveryId },
      }),
      { method: 'POST', schema: webhookDeliveryResponseSchema },
    ),
  listProjectMail: (signal) =>
    apiRequest(apiPath('/profile/project-mail'), { schema: projectMailSettingsResponseSchema, signal }),
  setProjectMail: (projectId, changes) =>
    apiRequest(apiPath('/profile/project-mail/{projectId}', { path: { projectId } }), {
      method: 'PUT',
      body: { changes },
      schema: projectMailSettingSchema,
    }),
};

const refuse = async (): Promise<never> => {
  throw new ReadOnlyDataSourceError();
};

/** /demo reads as the live app does and refuses every write before any request. */
export const demoWebhooksSource: WebhooksSource = {
  listWebhooks: (projectId, signal) => liveWebhooksSource.listWebhooks(projectId, signal),
  listDeliveries: (projectId, webhookId, signal) =>
    liveWebhooksSource.listDeliveries(projectId, webhookId, signal),
  createWebhook: refuse,
  deleteWebhook: refuse,
  ping: refuse,
  resend: refuse,
  listProjectMail: (signal) => liveWebhooksSource.listProjectMail(signal),
  setProjectMail: refuse,
};

const SOURCES: Record<DataSourceMode, WebhooksSource> = {
  live: liveWebhooksSource,
  demo: demoWebhooksSource,
};

export function useWebhooksSource(): { mode: DataSourceMode; source: WebhooksSource } {
  const { mode } = useDataSource();
  return { mode, source: SOURCES[mode] };
}
