import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingInvoices, billingWebhookEvents } from '../src/schema';
import { connectAcc } from './support/acc-connect';
import { type ApsStandin, startApsStandin } from './support/aps-standin';
import { testBackends } from './support/backends';
import { sharedDir } from './support/samples';
import {
  advanceAndSignIn,
  call,
  eventually,
  type Session,
  signUp,
  startTestServer,
  type TestServer,
} from './support/server';
import { type StripeStandin, startStripeStandin } from './support/stripe-standin';

// Issue 11 acceptance 4: PAYMENTS=stripe against a loopback stand-in that speaks Stripe's REST and
// signs its webhooks with Stripe's scheme. Expected amounts come from the stand-in's own objects (what
// Stripe charged), never from our code.
const WEBHOOK_SECRET = 'whsec_standin_0123456789';
const PRICES = [
  { id: 'price_blueprint_monthly', unit_amount: 7900, currency: 'aud' },
  { id: 'price_cornerstone_monthly', unit_amount: 14900, currency: 'aud' },
  { id: 'price_skyline_monthly', unit_amount: 21900, currency: 'aud' },
];
const DAY = 86_400_000;

type Obj = Record<string, unknown>;

for (const backend of testBackends()) {
  describe(`billing with PAYMENTS=stripe (${backend.name})`, () => {
    let server: TestServer;
    let standin: StripeStandin;
    let aps: ApsStandin;
    const apsCallback = 'http://app.plumbline.test/api/v1/acc/callback';
    let owner: Session;
    let webhookUrl: string;
    let clockNow = () => Date.now();

    beforeAll(async () => {
      standin = await startStripeStandin({
        webhookSecret: WEBHOOK_SECRET,
        prices: PRICES,
        now: () => Math.floor(clockNow() / 1000),
      });
      aps = await startApsStandin({
        clientId: 'stripe-suite-client',
        clientSecret: 'stripe-suite-secret',
        callbackUrl: apsCallback,
        samplesDir: `${sharedDir}/ifc-samples`,
      });
      server = await startTestServer(backend, {
        APS_CLIENT_ID: 'stripe-suite-client',
        APS_CLIENT_SECRET: 'stripe-suite-secret',
        APS_CALLBACK_URL: apsCallback,
        APS_BASE_URL: aps.url,
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standin.apiBase,
        PUBLIC_URL: 'http://app.plumbline.test',
        PORT: '0',
        HOST: '127.0.0.1',
      });
      clockNow = () => server.clock.now().getTime();
      const address = await server.listen();
      webhookUrl = `${address.replace('localhost', '127.0.0.1')}/api/v1/billing/webhooks/stripe`;
      standin.setWebhookUrl(webhookUrl);
      owner = await signUp(server, 'Stella Stripe');
    });

    afterAll(async () => {
      await server?.stop();
      await standin?.close();
      await aps?.close();
    });

    const invoicesOf = (subId: string) =>
      [...standin.invoices.values()].filter((inv) => inv.subscription === subId);
    async function history() {
      return (await call(server, owner, 'GET', '/api/v1/billing/billing-history')).json().invoices as Array<{
        amount: number;
        computed_status: string;
        receipt_url: string | null;
        name: string;
      }>;
    }
    async function subscription() {
      const res = await call(server, owner, 'GET', '/api/v1/billing/subscriptions');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().subscriptions[0] as Obj & { id: string; tier_id: string; project_id: string };
    }
    /** Moves time on; the session would expire over months, so sign in again. */
    const advance = (ms: number) => advanceAndSignIn(server, ms, [owner]);
    function sign(payload: string): string {
      const t = Math.floor(Date.now() / 1000);
      return `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`;
    }
    async function deliver(payload: string, signature?: string) {
      return fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        body: payload,
      });
    }

    let stripeSubId = '';

    it('takes the wizard payment on Stripe Checkout and creates the project once Stripe has it paid', async () => {
      const config = (await call(server, owner, 'GET', '/api/v1/billing/config')).json();
      expect(config).toMatchObject({ enabled: true, provider: 'stripe', testMode: true });
      // Card numbers never reach this server with Stripe: the in-app card payment is refused.
      const direct = await call(server, owner, 'POST', '/api/v1/billing/subscription-payments', {
        customerName: 'Stella Stripe',
        billingEmail: owner.email,
        tierId: 'cornerstone',
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
        projectName: 'Never',
        idempotencyKey: 'never-charged-here',
      });
      expect(direct.statusCode).toBe(400);
      expect(direct.json().error.code).toBe('checkout_required');

      const started = await call(server, owner, 'POST', '/api/v1/billing/checkout-sessions', {
        tierId: 'cornerstone',
        quantity: 1,
        customerName: 'Stella Stripe',
        billingEmail: owner.email,
        projectName: 'Harbour Tower',
      });
      expect(started.statusCode, started.body).toBe(201);
      const { session_id: sessionId, url } = started.json();
      expect(url).toMatch(/^https:\/\/checkout\.standin\.test\/c\/cs_/);
      const open = await call(server, owner, 'GET', `/api/v1/billing/checkout-sessions/${sessionId}`);
      expect(open.json()).toEqual({ session_id: sessionId, status: 'open', project_id: null });
      expect(
        (await call(server, owner, 'GET', '/api/v1/billing/subscriptions')).json().subscriptions,
      ).toEqual([]);

      await standin.completeCheckout(sessionId);
      expect(standin.delivered.map((d) => [d.type, d.status])).toEqual([
        ['checkout.session.completed', 200],
        ['customer.subscription.created', 200],
        ['invoice.paid', 200],
      ]);
      const done = (
        await call(server, owner, 'GET', `/api/v1/billing/checkout-sessions/${sessionId}`)
      ).json();
      expect(done.status).toBe('completed');
      const sub = await subscription();
      expect(sub).toMatchObject({
        project_id: done.project_id,
        tier_id: 'cornerstone',
        status: 'active',
        payment_status: 'paid',
        currency: 'AUD',
        cancel_at_period_end: false,
      });
      stripeSubId = [...standin.subscriptions.keys()][0] as string;
      const [first] = invoicesOf(stripeSubId);
      const rows = await history();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        amount: (first?.amount_paid as number) / 100,
        computed_status: 'paid',
      });
      expect(rows[0]?.receipt_url).not.toBeNull();
      // The project is the buyer's, as an Admin.
      const project = await call(server, owner, 'GET', `/api/v1/projects/${done.project_id}`);
      expect(project.statusCode).toBe(200);
    });

    it('upgrades at once with Stripe’s prorated invoice, cancels at period end and reactivates', async () => {
      await advance(10 * DAY);
      const sub = await subscription();
      const wrongName = await call(server, owner, 'POST', `/api/v1/billing/subscriptions/${sub.id}/upgrade`, {
        newTierId: 'skyline',
        confirmProjectName: 'harbour tower',
      });
      expect(wrongName.statusCode).toBe(400);
      expect(standin.subscriptions.get(stripeSubId)?.pending_proration ?? 0).toBe(0);
      const upgraded = await call(server, owner, 'POST', `/api/v1/billing/subscriptions/${sub.id}/upgrade`, {
        newTierId: 'skyline',
        confirmProjectName: 'Harbour Tower',
      });
      expect(upgraded.statusCode, upgraded.body).toBe(200);
      expect(upgraded.json().subscription.tier_id).toBe('skyline');
      const proration = invoicesOf(stripeSubId).find((inv) => inv.billing_reason === 'subscription_update');
      // 20 of the period's 30 days left, at the difference of the two monthly prices.
      expect(proration?.amount_due).toBe(Math.round((21900 - 14900) * (20 / 30)));
      const rows = await history();
      expect(rows).toHaveLength(2);
      expect(rows.map((r) => r.amount)).toContain((proration?.amount_due as number) / 100);

      const cancelled = await call(server, owner, 'POST', `/api/v1/billing/subscriptions/${sub.id}/cancel`, {
        confirmProjectName: 'Harbour Tower',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().subscription.cancel_at_period_end).toBe(true);
      expect(standin.subscriptions.get(stripeSubId)?.cancel_at_period_end).toBe(true);
      const reactivated = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${sub.id}/reactivate`,
        {},
      );
      expect(reactivated.statusCode, reactivated.body).toBe(200);
      expect(reactivated.json().subscription.cancel_at_period_end).toBe(false);
      expect(standin.subscriptions.get(stripeSubId)?.cancel_at_period_end).toBe(false);
    });

    it('keeps the paid-for plan after a downgrade until Stripe opens the next period at the lower price', async () => {
      const sub = await subscription();
      const scheduled = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${sub.id}/downgrade`,
        {
          newTierId: 'blueprint',
          confirmProjectName: 'Harbour Tower',
        },
      );
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(scheduled.json().subscription).toMatchObject({
        tier_id: 'skyline',
        scheduled_tier_id: 'blueprint',
      });
      await advance(21 * DAY);
      const renewal = await standin.advancePeriod(stripeSubId);
      expect(renewal?.amount_due).toBe(PRICES[0]?.unit_amount);
      const after = await subscription();
      expect(after).toMatchObject({ tier_id: 'blueprint', scheduled_tier_id: null, payment_status: 'paid' });
      expect((await history()).map((r) => r.amount)).toContain(7900 / 100);
    });

    it('marks a failed renewal due and blocks refresh until Stripe says it is paid', async () => {
      const sub = await subscription();
      const customer = standin.subscriptions.get(stripeSubId)?.customer as string;
      standin.failNextPayment(customer);
      await advance(31 * DAY);
      const failed = await standin.advancePeriod(stripeSubId);
      expect(failed?.status).toBe('open');
      expect(standin.delivered.at(-1)).toMatchObject({ type: 'invoice.payment_failed', status: 200 });
      const now = await subscription();
      expect(now).toMatchObject({ status: 'past_due', payment_status: 'due' });
      const limits = (await call(server, owner, 'GET', `/api/v1/projects/${sub.project_id}/limits`)).json();
      expect(limits.limits.allowRefresh).toBe(false);
      expect((await history()).filter((r) => r.computed_status === 'due')).toHaveLength(1);
    });

    it('answers a bad or missing signature with 400 and applies the same event once', async () => {
      const stripeInvoice = invoicesOf(stripeSubId).at(-1) as Obj;
      const event = JSON.stringify({
        id: 'evt_replayed_0001',
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: stripeInvoice.id, object: 'invoice' } },
        livemode: false,
        api_version: '2026-10-28.endive',
      });
      const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
      expect((await deliver(event, forged)).status).toBe(400);
      expect((await deliver(event)).status).toBe(400);
      const tampered = await deliver(event.replace('invoice.paid', 'invoice.payment_failed'), sign(event));
      expect(tampered.status).toBe(400);

      const db = server.database.db;
      const invoiceCount = async () => (await db.select({ n: count() }).from(billingInvoices))[0]?.n;
      const before = await invoiceCount();
      const first = await deliver(event, sign(event));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      const again = await deliver(event, sign(event));
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
      expect(await invoiceCount()).toBe(before);
      const recorded = await db
        .select({ n: count() })
        .from(billingWebhookEvents)
        .where(eq(billingWebhookEvents.eventId, 'evt_replayed_0001'));
      expect(recorded[0]?.n).toBe(1);
    });

    it("sends the billing portal to Stripe's page for the buyer's customer", async () => {
      const res = await call(server, owner, 'POST', '/api/v1/billing/portal', { returnUrl: '/dashboard' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/billing\.standin\.test\/p\/bps_/);
    });

    it("estimates an upgrade with Stripe's preview of the invoice, discount included, and charges exactly that, as of the estimate's instant", async () => {
      const started = await call(server, owner, 'POST', '/api/v1/billing/checkout-sessions', {
        tierId: 'cornerstone',
        quantity: 1,
        customerName: 'Stella Stripe',
        billingEmail: owner.email,
        projectName: 'Discounted Tower',
      });
      expect(started.statusCode, started.body).toBe(201);
      const checkoutId = started.json().session_id as string;
      // A promotion code entered on Stripe's page: 20 % off for ever.
      const checkout = await standin.completeCheckout(checkoutId, 'pm_card_visa', { percent_off: 20 });
      const done = (
        await call(server, owner, 'GET', `/api/v1/billing/checkout-sessions/${checkoutId}`)
      ).json();
      expect(done.status).toBe('completed');
      const subs = (await call(server, owner, 'GET', '/api/v1/billing/subscriptions')).json()
        .subscriptions as Array<{ id: string; project_id: string }>;
      const sub = subs.find((s) => s.project_id === done.project_id) as { id: string };
      const stripeId = checkout.subscription as string;
      await advance(7 * DAY);

      const options = await call(
        server,
        owner,
        'GET',
        `/api/v1/billing/subscriptions/${sub.id}/plan-changes`,
      );
      expect(options.statusCode, options.body).toBe(200);
      const skyline = (
        options.json().options as Array<{ tier: { id: string }; charge_now: number | null }>
      ).find((o) => o.tier.id === 'skyline');
      expect(skyline?.charge_now).not.toBeNull();
      const pricedAsOf = options.json().priced_as_of as string;

      // The person reads the price for fifty minutes: Stripe prorates by the second, so the same
      // preview now is less; the upgrade sent with the estimate's instant charges what was shown.
      await advance(50 * 60_000);
      const now = (
        await call(server, owner, 'GET', `/api/v1/billing/subscriptions/${sub.id}/plan-changes`)
      ).json().options as Array<{ tier: { id: string }; charge_now: number | null }>;
      expect(now.find((o) => o.tier.id === 'skyline')?.charge_now).toBeLessThan(
        skyline?.charge_now as number,
      );

      const upgraded = await call(server, owner, 'POST', `/api/v1/billing/subscriptions/${sub.id}/upgrade`, {
        newTierId: 'skyline',
        confirmProjectName: 'Discounted Tower',
        pricedAsOf,
      });
      expect(upgraded.statusCode, upgraded.body).toBe(200);
      const charged = invoicesOf(stripeId).find((inv) => inv.billing_reason === 'subscription_update') as Obj;
      // What Stripe then charged is what it estimated, and its coupon took its share off the proration.
      expect(charged.status).toBe('paid');
      expect(skyline?.charge_now).toBe((charged.amount_paid as number) / 100);
      expect(charged.amount_paid as number).toBeLessThan(charged.subtotal as number);
    });

    it('imports the ACC files chosen before Checkout once Stripe confirms the payment', async () => {
      const sessionId = 'stripe-acc-session-0123456789';
      const connected = await connectAcc(server, owner, aps, apsCallback, sessionId);
      expect(connected.headers.location).toBe('/dashboard?createProject=true&step=connect_acc');
      const listed = (
        await call(
          server,
          owner,
          'GET',
          `/api/v1/acc/hubs/b.hub-acc/projects/b.proj-harbour/all-files?oauth_session_id=${sessionId}`,
        )
      ).json().files as { id: string; name: string }[];
      const walls = listed.find((f) => f.name === 'Harbour Walls.ifc') as { id: string };
      const started = await call(server, owner, 'POST', '/api/v1/billing/checkout-sessions', {
        tierId: 'blueprint',
        quantity: 1,
        customerName: 'Stella Stripe',
        billingEmail: owner.email,
        projectName: 'Harbour from ACC',
        acc: {
          accHubId: 'b.hub-acc',
          accProjectUrnId: 'b.proj-harbour',
          temporaryAccSessionId: sessionId,
          selectedFileIds: [walls.id],
        },
      });
      expect(started.statusCode, started.body).toBe(201);
      const checkoutId = started.json().session_id;
      // The Autodesk session may end before Stripe confirms: the import keeps what it was given.
      await call(server, owner, 'POST', '/api/v1/oauth/invalidate-session', {
        session_id: sessionId,
        reason: 'test',
      });
      await standin.completeCheckout(checkoutId);
      const done = (
        await call(server, owner, 'GET', `/api/v1/billing/checkout-sessions/${checkoutId}`)
      ).json();
      expect(done.status).toBe('completed');
      const file = await eventually(async () => {
        const rows = (await call(server, owner, 'GET', `/api/v1/projects/${done.project_id}/bimfiles`)).json()
          .bim_files as { name: string; status: string }[];
        return rows.length === 1 && rows[0]?.status === 'completed' && rows[0];
      });
      expect(file.name).toBe('Harbour Walls.ifc');
    });
  });
}
