// The webhooks module as other modules see it: only what they use. Everything else in modules/webhooks/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { attemptDelivery, type DeliveryDeps, queueComparisonDeliveries } from './delivery';
export { type DeliverWebhookPayload, deliverWebhookJob } from './jobs';
export { type ComparisonNotice, messageParams, versionComparedEvent } from './payload';
export { webhookRoutes } from './routes';
export { createStringSeal, type StringSeal } from './seal';
export { createWebhookService, type WebhookService } from './service';
