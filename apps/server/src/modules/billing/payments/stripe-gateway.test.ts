import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandin, startStripeStandin } from '../../../../test/support/stripe-standin.js';
import { createStripeGateway, StripeCardError } from './stripe-gateway.js';

const SECRET = 'whsec_test_standin';
let standin: StripeStandin;
let gw: ReturnType<typeof createStripeGateway>;
const received: { body: string; sig: string | undefined }[] = [];
const hook = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ body, sig: req.headers['stripe-signature'] as string | undefined });
    res.end('ok');
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  standin = await startStripeStandin({
    webhookSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`,
    prices: [
      { id: 'price_starter', unit_amount: 3000 },
      { id: 'price_pro', unit_amount: 9000 },
    ],
  });
  gw = createStripeGateway({ secretKey: 'sk_test_standin', webhookSecret: SECRET, apiBase: standin.apiBase });
});
afterAll(async () => {
  await standin.close();
  hook.close();
});

describe('stripe gateway against the stand-in', () => {
  it('creates a customer, subscribes, upgrades with proration, cancels and reactivates', async () => {
    const cus = await gw.createCustomer({ email: 'a@example.com', projectId: 'p1' }, 'idem-1');
    const again = await gw.createCustomer({ email: 'a@example.com', projectId: 'p1' }, 'idem-1');
    expect(again.id).toBe(cus.id);
    await gw.setDefaultPaymentMethod(cus.id, 'pm_card_visa');
    const sub = await gw.createSubscription({
      customerId: cus.id,
      priceId: 'price_starter',
      projectId: 'p1',
    });
    expect(sub.status).toBe('active');
    const s0 = standin.subscriptions.get(sub.id)!;
    const start = s0.current_period_start as number;
    const end = s0.current_period_end as number;
    const before = Math.floor(Date.now() / 1000);
    const up = await gw.changePriceNow(sub.id, 'price_pro');
    const after = Math.floor(Date.now() / 1000);
    expect(up.items.data[0]?.price.id).toBe('price_pro');
    const inv = await gw.retrieveInvoice(up.latest_invoice as string);
    // independent computation: 6000 cents difference times the unused share of the period
    const lo = Math.round(6000 * ((end - after) / (end - start)));
    const hi = Math.round(6000 * ((end - before) / (end - start)));
    expect(inv.amount_due).toBeGreaterThanOrEqual(lo);
    expect(inv.amount_due).toBeLessThanOrEqual(hi);
    expect(inv.status).toBe('paid');
    expect((await gw.setCancelAtPeriodEnd(sub.id, true)).cancel_at_period_end).toBe(true);
    expect((await gw.setCancelAtPeriodEnd(sub.id, false)).cancel_at_period_end).toBe(false);
    const list = await gw.listInvoices(cus.id);
    expect(list.map((i) => i.billing_reason).sort()).toEqual(['subscription_create', 'subscription_update']);
    expect(list.every((i) => i.hosted_invoice_url && i.number)).toBe(true);
  });

  it('a declined card is a card error with its decline code', async () => {
    const cus = await gw.createCustomer({ email: 'b@example.com', projectId: 'p2' });
    const e = await gw.setDefaultPaymentMethod(cus.id, 'pm_card_chargeDeclined').catch((x) => x);
    expect(e).toBeInstanceOf(StripeCardError);
    expect(e.declineCode).toBe('generic_decline');
  });

  it('checkout completes into a subscription, and signed webhooks verify; a tampered one does not', async () => {
    const cs = await gw.createCheckoutSession({
      priceId: 'price_starter',
      projectId: 'p3',
      successUrl: 'http://x/ok',
      cancelUrl: 'http://x/no',
      customerEmail: 'c@example.com',
    });
    expect(cs.url).toMatch(/^https:\/\/checkout\./);
    received.length = 0;
    await standin.completeCheckout(cs.id);
    const types = received.map((r) => gw.verifyWebhook(r.body, r.sig).type);
    expect(types).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    const first = received[0]!;
    expect(() => gw.verifyWebhook(first.body.replace('complete', 'xomplete'), first.sig)).toThrow();
    expect(() => gw.verifyWebhook(first.body, undefined)).toThrow(/Missing/);
    const portal = await gw.createPortalSession(
      String(JSON.parse(first.body).data.object.customer),
      'http://x/dashboard',
    );
    expect(portal.url).toMatch(/^https:\/\/billing\./);
  });

  it('a failed renewal emits invoice.payment_failed and leaves the subscription past_due', async () => {
    const cus = await gw.createCustomer({ email: 'd@example.com', projectId: 'p4' });
    await gw.setDefaultPaymentMethod(cus.id, 'pm_card_visa');
    const sub = await gw.createSubscription({
      customerId: cus.id,
      priceId: 'price_starter',
      projectId: 'p4',
    });
    standin.failNextPayment(cus.id);
    received.length = 0;
    await standin.advancePeriod(sub.id);
    expect(received.map((r) => gw.verifyWebhook(r.body, r.sig).type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
    ]);
    expect((await gw.retrieveSubscription(sub.id)).status).toBe('past_due');
  });
});
