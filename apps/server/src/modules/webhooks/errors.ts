import type { WebhookErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const WebhookError = defineErrors('WebhookError', {
  webhook_not_found: 'Webhook not found',
  webhook_delivery_not_found: 'Delivery not found',
  webhook_address_not_allowed:
    'This address is on a private or loopback network, which this installation does not let webhooks reach.',
} satisfies Record<WebhookErrorCode, string>);
