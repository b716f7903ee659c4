import type { ContractsMessageId, WebhookErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const WebhookError = defineErrors('WebhookError', {
  webhook_not_found: 'error.webhook_not_found',
  webhook_delivery_not_found: 'error.webhook_delivery_not_found',
  webhook_address_not_allowed: 'error.webhook_address_not_allowed',
} satisfies Record<WebhookErrorCode, ContractsMessageId>);
