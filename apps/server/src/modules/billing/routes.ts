import {
  type AccSelection,
  billingConfigSchema,
  billingHistoryResponseSchema,
  cancelSubscriptionBodySchema,
  changePlanBodySchema,
  checkoutSessionBodySchema,
  checkoutSessionParamsSchema,
  checkoutSessionResponseSchema,
  checkoutStatusSchema,
  invoiceParamsSchema,
  invoiceResponseSchema,
  payInvoiceBodySchema,
  planChangeOptionsSchema,
  portalBodySchema,
  portalResponseSchema,
  projectIdParamsSchema,
  projectLimitsSchema,
  reactivateSubscriptionBodySchema,
  replaceCardBodySchema,
  routeAccessOf,
  subscriptionListResponseSchema,
  subscriptionParamsSchema,
  subscriptionPaymentBodySchema,
  subscriptionPaymentResponseSchema,
  subscriptionResponseSchema,
  tierListResponseSchema,
  tierParamsSchema,
  tierResponseSchema,
  tiersQuerySchema,
  updateTierBodySchema,
  validateVoucherBodySchema,
  voucherValidationSchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import { renderFor } from '../../platform/i18n';
import { BillingError } from './errors';
import type { ProjectSetup } from './project-setup';
import type { BillingService } from './service';

const pdfResponse = fileResponse('The PDF document', 'application/pdf');

/**
 * `projectSetup` turns the payment's `acc` choice into the import the new project brings (null: the
 * ACC import is off, and a payment naming ACC files is refused).
 */
export function billingRoutes(
  billing: BillingService,
  projectSetup: ((userId: string, selection: AccSelection) => ProjectSetup) | null = null,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['billing'];

    app.get(
      '/api/v1/billing/config',
      {
        // Public like the plans: the demo's wizard asks whether there is a plan to choose (decision 0390).
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Whether this installation sells plans, and with which payment provider',
          response: { 200: billingConfigSchema },
        },
      },
      async () => billing.config(),
    );

    app.get(
      '/api/v1/billing/tiers',
      {
        // Plans and prices are public (a pricing page); the demo's wizard offers them (decision 0315).
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Plans, sorted by monthly AUD price, priced in the requested currency',
          querystring: tiersQuerySchema,
          response: { 200: tierListResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({ tiers: await billing.tiers(request.query.currency) }),
    );

    app.put(
      '/api/v1/billing/tiers/:tierId',
      {
        config: { access: 'account-admin' },
        schema: {
          tags,
          summary: "Edit a plan (the installation's admin)",
          params: tierParamsSchema,
          body: updateTierBodySchema,
          response: { 200: tierResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { tier: await billing.updateTier(user.role === 'admin', request.params.tierId, request.body) };
      },
    );

    app.post(
      '/api/v1/vouchers/validate',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Check a voucher code (spec 1 §7)',
          body: validateVoucherBodySchema,
          response: { 200: voucherValidationSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const answer = await billing.validateVoucher(request.body.code);
        return { ...answer, message: renderFor(request, answer.message) };
      },
    );

    app.post(
      '/api/v1/billing/subscription-payments',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Pay for a plan, then create the project with its subscription (a declined card creates nothing)',
          body: subscriptionPaymentBodySchema,
          response: { 201: subscriptionPaymentResponseSchema, ...errorResponses(400, 401, 402, 404, 409) },
        },
      },
      async (request, reply) => {
        const userId = requireAuth(request).user.id;
        const { acc, ...payment } = request.body;
        if (acc && !projectSetup) throw new BillingError('acc_unavailable');
        const setup = acc && projectSetup ? projectSetup(userId, acc) : undefined;
        const result = await billing.pay(userId, payment, setup);
        return reply.status(201).send({
          project_id: result.projectId,
          subscription: result.subscription,
          invoice_id: result.invoiceId,
        });
      },
    );

    app.get(
      '/api/v1/billing/subscriptions',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: "Subscriptions of the caller's projects",
          response: { 200: subscriptionListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({ subscriptions: await billing.subscriptions(requireAuth(request).user.id) }),
    );

    app.post(
      '/api/v1/billing/subscriptions/:subscriptionId/cancel',
      {
        config: { access: routeAccessOf('billing.manage') },
        schema: {
          tags,
          summary: 'Cancel at the end of the period (project Admins)',
          params: subscriptionParamsSchema,
          body: cancelSubscriptionBodySchema,
          response: { 200: subscriptionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        subscription: await billing.cancel(requireAuth(request).user.id, request.params.subscriptionId),
      }),
    );

    app.post(
      '/api/v1/billing/subscriptions/:subscriptionId/reactivate',
      {
        config: { access: routeAccessOf('billing.manage') },
        schema: {
          tags,
          summary: 'Undo a cancellation before the period ends (project Admins)',
          params: subscriptionParamsSchema,
          body: reactivateSubscriptionBodySchema,
          response: { 200: subscriptionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        subscription: await billing.reactivate(requireAuth(request).user.id, request.params.subscriptionId),
      }),
    );

    for (const change of ['upgrade', 'downgrade'] as const) {
      app.post(
        `/api/v1/billing/subscriptions/:subscriptionId/${change}`,
        {
          config: { access: routeAccessOf('billing.manage') },
          schema: {
            tags,
            summary:
              change === 'upgrade'
                ? 'Move to a higher plan now, with a prorated invoice (typed project name required)'
                : 'Move to a lower plan at the next billing cycle (typed project name required)',
            params: subscriptionParamsSchema,
            body: changePlanBodySchema,
            response: { 200: subscriptionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          const userId = requireAuth(request).user.id;
          const { newTierId, confirmProjectName, pricedAsOf } = request.body;
          const id = request.params.subscriptionId;
          return {
            subscription:
              change === 'upgrade'
                ? await billing.upgrade(userId, id, newTierId, confirmProjectName, pricedAsOf)
                : await billing.downgrade(userId, id, newTierId, confirmProjectName),
          };
        },
      );
    }

    app.get(
      '/api/v1/billing/subscriptions/:subscriptionId/plan-changes',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "Each plan priced for the subscription (its currency, its voucher), with an upgrade's charge today: the amount the upgrade then charges",
          params: subscriptionParamsSchema,
          response: { 200: planChangeOptionsSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => billing.planChanges(requireAuth(request).user.id, request.params.subscriptionId),
    );

    app.put(
      '/api/v1/billing/subscriptions/:subscriptionId/card',
      {
        config: { access: routeAccessOf('billing.manage') },
        schema: {
          tags,
          summary: "Replace the subscription's saved card (the built-in ledger's portal; project Admins)",
          params: subscriptionParamsSchema,
          body: replaceCardBodySchema,
          response: { 200: subscriptionResponseSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => ({
        subscription: await billing.replaceCard(
          requireAuth(request).user.id,
          request.params.subscriptionId,
          request.body.card,
        ),
      }),
    );

    app.post(
      '/api/v1/billing/invoices/:invoiceId/pay',
      {
        config: { access: routeAccessOf('billing.manage') },
        schema: {
          tags,
          summary:
            'Pay a due or overdue invoice with the saved card or a new one (the built-in ledger; project Admins)',
          params: invoiceParamsSchema,
          body: payInvoiceBodySchema,
          response: { 200: invoiceResponseSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => ({
        invoice: await billing.payInvoice(
          requireAuth(request).user.id,
          request.params.invoiceId,
          request.body.card,
        ),
      }),
    );

    app.post(
      '/api/v1/billing/portal',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "Where to manage payment details: Stripe's billing portal (PAYMENTS=stripe), or the Subscriptions tab (the ledger)",
          body: portalBodySchema,
          response: { 200: portalResponseSchema, ...errorResponses(400, 401, 404, 502) },
        },
      },
      async (request) => billing.portal(requireAuth(request).user.id, request.body.returnUrl),
    );

    app.post(
      '/api/v1/billing/checkout-sessions',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Spec 1 §4 redirect path (PAYMENTS=stripe): a Stripe Checkout Session for the plan; the browser goes to its url, and the project is created once Stripe has the payment',
          body: checkoutSessionBodySchema,
          response: { 201: checkoutSessionResponseSchema, ...errorResponses(400, 401, 404, 502) },
        },
      },
      async (request, reply) => {
        const { quantity: _one, acc, ...input } = request.body;
        const userId = requireAuth(request).user.id;
        if (acc && !projectSetup) throw new BillingError('acc_unavailable');
        const setup = acc && projectSetup ? projectSetup(userId, acc) : undefined;
        reply.code(201);
        return billing.checkout(userId, input, setup);
      },
    );

    app.get(
      '/api/v1/billing/checkout-sessions/:sessionId',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Whether a checkout is paid and its project created (completes it from Stripe when its webhook has not arrived yet)',
          params: checkoutSessionParamsSchema,
          response: { 200: checkoutStatusSchema, ...errorResponses(401, 404, 502) },
        },
      },
      async (request) => billing.checkoutStatus(requireAuth(request).user.id, request.params.sessionId),
    );

    app.get(
      '/api/v1/billing/billing-history',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Invoices of the projects the caller administers, newest first',
          response: { 200: billingHistoryResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({ invoices: await billing.history(requireAuth(request).user.id) }),
    );

    const pdfRoute = (path: string, kind: 'invoice' | 'receipt', summary: string) =>
      app.get(
        path,
        {
          config: { access: routeAccessOf('billing.manage') },
          schema: {
            tags,
            summary,
            params: invoiceParamsSchema,
            response: { 200: pdfResponse, ...errorResponses(401, 404) },
          },
        },
        async (request, reply) => {
          const doc = await billing.document(requireAuth(request).user.id, request.params.invoiceId, kind);
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `attachment; filename="${doc.fileName}"`)
            .header('cache-control', 'private, no-store')
            .send(doc.pdf);
        },
      );
    pdfRoute(
      '/api/v1/billing/billing-history/:invoiceId/receipt/download',
      'receipt',
      'The receipt of a paid invoice (PDF)',
    );
    pdfRoute('/api/v1/billing/invoices/:invoiceId/pdf', 'invoice', 'An invoice (PDF)');

    app.get(
      '/api/v1/projects/:projectId/limits',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: "The project's plan limits, usage and violations (warning from 80 %, error above)",
          params: projectIdParamsSchema,
          response: { 200: projectLimitsSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => billing.limits(optionalUserId(request), request.params.projectId),
    );
  };
}

/**
 * Stripe's webhook endpoint, in its own plugin: it reads the body as raw bytes (the signature is over
 * them), where every other route parses JSON. No session: Stripe's signature is the authentication.
 */
export function stripeWebhookRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/api/v1/billing/webhooks/stripe',
      {
        config: { access: 'webhook' },
        schema: {
          tags: ['billing'],
          summary:
            'Stripe webhook (PAYMENTS=stripe): verified by its Stripe-Signature header; an event already applied changes nothing',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            ...errorResponses(400, 404, 502),
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await billing.stripeWebhook(
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const, duplicate: outcome.duplicate };
      },
    );
  };
}
