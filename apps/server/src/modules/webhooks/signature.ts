import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SIGNATURE_PREFIX } from '@plumbline/contracts';

/** A new signing secret: 32 random bytes, shown to the Admin once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The signature header's value: HMAC-SHA256 over `${timestamp}.${body}` with the hook's secret, so a
 * receiver can refuse an old delivery replayed (it checks the timestamp it signed).
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `${WEBHOOK_SIGNATURE_PREFIX}${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
