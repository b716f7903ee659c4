// A loopback stand-in that speaks the subset of Stripe's REST API the Stripe gateway uses:
// form-encoded bodies with bracket notation, Stripe-shaped objects and errors, Idempotency-Key,
// and signed webhooks (the real Stripe-Signature scheme). Listens on 127.0.0.1, port 0.
// Over 500 lines: one stand-in for one provider's API, whose objects share one state (customers,
// checkout, subscriptions, invoices and their preview, portal, webhooks); split by endpoint, that state
// would travel through module globals.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;
const DAY = 86_400;

/** Decodes `a[b][0][c]=v` form bodies into nested objects/arrays as Stripe reads them. */
export function decodeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else {
        if (node[p] === undefined) node[p] = /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
        node = node[p] as Obj;
      }
    });
  }
  return root;
}

export interface StandinOptions {
  webhookSecret: string;
  webhookUrl?: string;
  prices?: { id: string; unit_amount: number; currency?: string }[];
  now?: () => number;
}

export async function startStripeStandin(opts: StandinOptions) {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  let seq = 0;
  const id = (p: string) => `${p}_${(++seq).toString().padStart(8, '0')}`;
  const customers = new Map<string, Obj>();
  const subs = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const idem = new Map<string, { status: number; body: unknown }>();
  const delivered: { type: string; id: string; status: number }[] = [];
  const failNext = new Set<string>();
  let invoiceNumber = 0;
  for (const p of opts.prices ?? [])
    prices.set(p.id, {
      id: p.id,
      object: 'price',
      unit_amount: p.unit_amount,
      currency: p.currency ?? 'eur',
      recurring: { interval: 'month' },
    });

  const err = (status: number, type: string, message: string, code?: string, decline_code?: string) => ({
    status,
    body: { error: { type, message, code, decline_code } },
  });

  async function emit(type: string, object: Obj) {
    const event = {
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      data: { object },
      livemode: false,
      api_version: '2026-10-28.endive',
    };
    const payload = JSON.stringify(event);
    if (!opts.webhookUrl) return event;
    // Stripe signs with its own wall clock, whatever time the test has moved its objects to.
    const ts = Math.floor(Date.now() / 1000);
    const sig = createHmac('sha256', opts.webhookSecret).update(`${ts}.${payload}`).digest('hex');
    const res = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${ts},v1=${sig}` },
      body: payload,
    });
    delivered.push({ type, id: event.id, status: res.status });
    return event;
  }

  /**
   * The subscription's discounts applied to an invoice's subtotal as Stripe applies a coupon that lasts
   * for ever: a percentage off the subtotal (credits too), or an amount off a positive subtotal down to
   * zero. Returns the total and the amount taken off.
   */
  function discounted(sub: Obj, subtotal: number): { total: number; off: number } {
    let total = subtotal;
    for (const discount of (sub.discounts as Obj[] | undefined) ?? []) {
      const coupon = discount.coupon as Obj;
      if (typeof coupon.percent_off === 'number')
        total = Math.round((total * (100 - coupon.percent_off)) / 100);
      else if (typeof coupon.amount_off === 'number' && total > 0)
        total = Math.max(0, total - coupon.amount_off);
    }
    return { total, off: subtotal - total };
  }

  /**
   * A price change's proration as of `at` (Unix seconds): unused time on the old price credited,
   * remaining time on the new one charged, by the second.
   */
  function proration(s: Obj, oldPrice: Obj, nextPrice: Obj, at: number): number {
    const start = s.current_period_start as number;
    const end = s.current_period_end as number;
    const remaining = Math.max(0, end - at);
    return Math.round(
      ((nextPrice.unit_amount as number) - (oldPrice.unit_amount as number)) * (remaining / (end - start)),
    );
  }

  /** The instant a change is prorated as of: `proration_date` when given (within the period), else now. */
  function prorationInstant(s: Obj, given: unknown): number | { error: string } {
    if (given === undefined) return now();
    const at = Number(given);
    if (
      !Number.isInteger(at) ||
      at < (s.current_period_start as number) ||
      at > (s.current_period_end as number)
    )
      return { error: 'proration_date must be within the current subscription period' };
    return at;
  }

  /** An invoice object (not stored): the subscription's discounts applied to the subtotal. */
  function invoiceOf(sub: Obj, subtotal: number, reason: string, invoiceId: string | null): Obj {
    const { total, off } = discounted(sub, subtotal);
    return {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      subscription: sub.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      subtotal,
      total,
      total_discount_amounts: off === 0 ? [] : [{ amount: off, discount: (sub.discounts as Obj[])[0]?.id }],
      amount_due: Math.max(0, total),
      amount_paid: 0,
      amount_remaining: Math.max(0, total),
      currency: 'eur',
      billing_reason: reason,
      created: now(),
      status: 'draft',
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
    };
  }

  function makeInvoice(sub: Obj, amount: number, reason: string): Obj {
    const inv: Obj = {
      ...invoiceOf(sub, amount, reason, id('in')),
      number: `SI-${String(++invoiceNumber).padStart(4, '0')}`,
      status: 'open',
    };
    inv.hosted_invoice_url = `https://invoice.standin.test/${inv.id}`;
    inv.invoice_pdf = `https://invoice.standin.test/${inv.id}.pdf`;
    invoices.set(inv.id as string, inv);
    return inv;
  }

  /** Tries to collect an invoice with the customer's default payment method. */
  function collect(inv: Obj): boolean {
    const cust = customers.get(inv.customer as string);
    const pm = (cust?.invoice_settings as Obj | undefined)?.default_payment_method as string | undefined;
    const fail = failNext.delete(inv.customer as string) || pm === 'pm_card_chargeDeclined' || !pm;
    if (fail) return false;
    inv.status = 'paid';
    inv.amount_paid = inv.amount_due;
    return true;
  }

  function priceOf(priceId: string): Obj | undefined {
    return prices.get(priceId);
  }

  function subItem(sub: Obj): Obj {
    return ((sub.items as Obj).data as Obj[])[0] as Obj;
  }

  async function route(method: string, path: string, body: Obj): Promise<{ status: number; body: unknown }> {
    const seg = path.split('?')[0]!.split('/').filter(Boolean).slice(1); // drop v1
    const [res, rid, sub2] = seg;
    if (res === 'customers' && method === 'POST' && !rid) {
      const c: Obj = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      customers.set(c.id as string, c);
      return { status: 200, body: c };
    }
    if (res === 'customers' && !rid && method === 'GET') {
      const email = new URLSearchParams(path.split('?')[1] ?? '').get('email');
      const data = [...customers.values()].filter((c) => !email || c.email === email);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/customers' } };
    }
    if (res === 'customers' && rid) {
      const c = customers.get(rid);
      if (!c) return err(404, 'invalid_request_error', `No such customer: '${rid}'`, 'resource_missing');
      if (method === 'POST') {
        if (body.email !== undefined) c.email = body.email;
        if (body.name !== undefined) c.name = body.name;
        const dpm = (body.invoice_settings as Obj | undefined)?.default_payment_method;
        if (dpm !== undefined) c.invoice_settings = { default_payment_method: dpm };
      }
      return { status: 200, body: c };
    }
    if (res === 'payment_methods' && rid && sub2 === 'attach') {
      if (rid === 'pm_card_chargeDeclined')
        return err(402, 'card_error', 'Your card was declined.', 'card_declined', 'generic_decline');
      if (!customers.has(body.customer as string))
        return err(404, 'invalid_request_error', `No such customer: '${body.customer}'`, 'resource_missing');
      return {
        status: 200,
        body: {
          id: rid,
          object: 'payment_method',
          type: 'card',
          customer: body.customer,
          card: { brand: 'visa', last4: '4242' },
        },
      };
    }
    if (res === 'prices' && rid) {
      const p = prices.get(rid);
      return p
        ? { status: 200, body: p }
        : err(404, 'invalid_request_error', `No such price: '${rid}'`, 'resource_missing');
    }
    if (res === 'subscriptions' && method === 'POST' && !rid) return createSubscription(body, true);
    if (res === 'subscriptions' && rid) {
      const s = subs.get(rid);
      if (!s) return err(404, 'invalid_request_error', `No such subscription: '${rid}'`, 'resource_missing');
      if (method === 'GET') return { status: 200, body: s };
      if (method === 'DELETE') {
        s.status = 'canceled';
        await emit('customer.subscription.deleted', s);
        return { status: 200, body: s };
      }
      return updateSubscription(s, body);
    }
    if (res === 'invoices' && !rid && method === 'GET') {
      const q = new URLSearchParams(path.split('?')[1] ?? '');
      const list = [...invoices.values()].filter(
        (i) =>
          (!q.get('customer') || i.customer === q.get('customer')) &&
          (!q.get('subscription') || i.subscription === q.get('subscription')),
      );
      return {
        status: 200,
        body: { object: 'list', data: list.reverse(), has_more: false, url: '/v1/invoices' },
      };
    }
    if (res === 'invoices' && rid === 'create_preview' && method === 'POST') return previewInvoice(body);
    if (res === 'invoices' && rid) {
      const i = invoices.get(rid);
      return i
        ? { status: 200, body: i }
        : err(404, 'invalid_request_error', `No such invoice: '${rid}'`, 'resource_missing');
    }
    if (res === 'billing_portal' && rid === 'sessions' && method === 'POST') {
      if (!customers.has(body.customer as string))
        return err(404, 'invalid_request_error', `No such customer: '${body.customer}'`, 'resource_missing');
      const sid = id('bps');
      return {
        status: 200,
        body: {
          id: sid,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.standin.test/p/${sid}`,
        },
      };
    }
    if (res === 'checkout' && rid === 'sessions' && method === 'POST') {
      if (body.mode !== 'subscription')
        return err(
          400,
          'invalid_request_error',
          'Only mode=subscription is supported by the stand-in',
          'parameter_invalid',
        );
      const cs: Obj = {
        id: id('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        line_items: body.line_items,
        subscription: null,
      };
      cs.url = `https://checkout.standin.test/c/${cs.id}`;
      sessions.set(cs.id as string, cs);
      return { status: 200, body: cs };
    }
    if (res === 'checkout' && rid === 'sessions' && sub2) {
      const cs = sessions.get(sub2);
      return cs
        ? { status: 200, body: cs }
        : err(404, 'invalid_request_error', `No such checkout session: '${sub2}'`, 'resource_missing');
    }
    return err(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }
  const sessions = new Map<string, Obj>();

  async function createSubscription(body: Obj, emitEvents: boolean) {
    const cust = customers.get(body.customer as string);
    if (!cust)
      return err(404, 'invalid_request_error', `No such customer: '${body.customer}'`, 'resource_missing');
    const item = ((body.items as Obj[] | undefined) ?? [])[0];
    const price = item && priceOf(item.price as string);
    if (!price)
      return err(400, 'invalid_request_error', 'A valid items[0][price] is required', 'parameter_missing');
    if (body.default_payment_method)
      cust.invoice_settings = { default_payment_method: body.default_payment_method };
    const start = now();
    const s: Obj = {
      id: id('sub'),
      object: 'subscription',
      customer: cust.id,
      status: 'incomplete',
      cancel_at_period_end: false,
      current_period_start: start,
      current_period_end: start + 30 * DAY,
      metadata: body.metadata ?? {},
      default_payment_method: body.default_payment_method ?? null,
      discounts: (body.discounts as Obj[] | undefined) ?? [],
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + 30 * DAY,
          },
        ],
      },
    };
    subs.set(s.id as string, s);
    const inv = makeInvoice(s, price.unit_amount as number, 'subscription_create');
    s.latest_invoice = inv.id;
    const paid = collect(inv);
    s.status = paid ? 'active' : 'incomplete';
    if (emitEvents) {
      await emit('customer.subscription.created', s);
      await emit(paid ? 'invoice.paid' : 'invoice.payment_failed', inv);
    }
    return { status: 200, body: s };
  }

  async function updateSubscription(s: Obj, body: Obj) {
    if (body.cancel_at_period_end !== undefined)
      s.cancel_at_period_end = body.cancel_at_period_end === 'true';
    const item = (body.items as Obj[] | undefined)?.[0];
    let inv: Obj | undefined;
    if (item?.price) {
      const next = priceOf(item.price as string);
      if (!next)
        return err(400, 'invalid_request_error', `No such price: '${item.price}'`, 'resource_missing');
      const old = subItem(s).price as Obj;
      const behaviour = (body.proration_behavior as string | undefined) ?? 'create_prorations';
      const at = prorationInstant(s, body.proration_date);
      if (typeof at !== 'number') return err(400, 'invalid_request_error', at.error, 'parameter_invalid');
      subItem(s).price = next;
      if (behaviour !== 'none') {
        const amount = proration(s, old, next, at);
        s.pending_proration = ((s.pending_proration as number | undefined) ?? 0) + amount;
        if (behaviour === 'always_invoice') {
          inv = makeInvoice(s, s.pending_proration as number, 'subscription_update');
          s.pending_proration = 0;
          s.latest_invoice = inv.id;
          if (!collect(inv)) s.status = 'past_due';
        }
      }
    }
    await emit('customer.subscription.updated', s);
    if (inv) await emit(inv.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', inv);
    return { status: 200, body: s };
  }

  /**
   * `POST /v1/invoices/create_preview` for a change of an existing subscription's item: the invoice the
   * change would raise, computed from the stand-in's own state as Stripe does (the proration of the rest
   * of the period as of `proration_date`, then the subscription's discounts). Nothing is stored.
   */
  function previewInvoice(body: Obj): { status: number; body: unknown } {
    const s = subs.get(body.subscription as string);
    if (!s)
      return err(
        404,
        'invalid_request_error',
        `No such subscription: '${body.subscription}'`,
        'resource_missing',
      );
    if (body.customer !== undefined && body.customer !== s.customer)
      return err(400, 'invalid_request_error', 'The subscription does not belong to this customer');
    const details = (body.subscription_details as Obj | undefined) ?? {};
    const item = (details.items as Obj[] | undefined)?.[0];
    const next = item?.price ? priceOf(item.price as string) : undefined;
    if (!item || item.id !== subItem(s).id || !next)
      return err(
        400,
        'invalid_request_error',
        'subscription_details[items][0] must name the item and a price',
      );
    const behaviour = (details.proration_behavior as string | undefined) ?? 'create_prorations';
    if (behaviour === 'none' && details.proration_date !== undefined)
      return err(400, 'invalid_request_error', 'proration_date cannot be used with proration_behavior none');
    const at = prorationInstant(s, details.proration_date);
    if (typeof at !== 'number') return err(400, 'invalid_request_error', at.error, 'parameter_invalid');
    const pending = (s.pending_proration as number | undefined) ?? 0;
    const change = behaviour === 'none' ? 0 : proration(s, subItem(s).price as Obj, next, at);
    // Invoiced now: the prorations alone; otherwise the next period's invoice carries them.
    const subtotal =
      behaviour === 'always_invoice' ? pending + change : (next.unit_amount as number) + pending + change;
    const reason = behaviour === 'always_invoice' ? 'subscription_update' : 'upcoming';
    return { status: 200, body: { ...invoiceOf(s, subtotal, reason, null), id: `upcoming_${s.id}` } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const send = (r: { status: number; body: unknown }) => {
      res.writeHead(r.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(r.body));
    };
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_'))
      return send(err(401, 'invalid_request_error', 'Invalid API Key provided'));
    const key = req.headers['idempotency-key'] as string | undefined;
    const method = req.method ?? 'GET';
    if (key && method === 'POST' && idem.has(key)) return send(idem.get(key)!);
    const out = await route(method, req.url ?? '/', decodeForm(raw));
    if (key && method === 'POST') idem.set(key, out);
    send(out);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(e) } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    apiBase: `http://127.0.0.1:${port}`,
    delivered,
    customers,
    subscriptions: subs,
    invoices,
    setWebhookUrl(url: string) {
      opts.webhookUrl = url;
    },
    /** The customer's next charge fails (card declined). */
    failNextPayment(customerId: string) {
      failNext.add(customerId);
    },
    /** Completes a checkout session as a paying customer would: customer + subscription, then the webhook. */
    async completeCheckout(
      sessionId: string,
      paymentMethod = 'pm_card_visa',
      /** A promotion code entered on the page: its coupon (lasting for ever) discounts the subscription. */
      coupon?: { percent_off: number } | { amount_off: number },
    ) {
      const cs = sessions.get(sessionId);
      if (!cs) throw new Error(`no checkout session ${sessionId}`);
      let custId = cs.customer as string | null;
      if (!custId) {
        const c = await route('POST', '/v1/customers', { email: cs.customer_email });
        custId = (c.body as Obj).id as string;
      }
      const items = (cs.line_items as Obj[]).map((l) => ({ price: l.price }));
      const out = await createSubscription(
        {
          customer: custId,
          items,
          default_payment_method: paymentMethod,
          metadata: cs.metadata,
          ...(coupon
            ? {
                discounts: [
                  {
                    id: id('di'),
                    object: 'discount',
                    coupon: { id: id('co'), object: 'coupon', duration: 'forever', ...coupon },
                  },
                ],
              }
            : {}),
        },
        false,
      );
      const sub = out.body as Obj;
      Object.assign(cs, { status: 'complete', customer: custId, subscription: sub.id });
      await emit('checkout.session.completed', cs);
      await emit('customer.subscription.created', sub);
      const inv = invoices.get(sub.latest_invoice as string)!;
      await emit(inv.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', inv);
      return cs;
    },
    /** Moves a subscription to its next period: a renewal invoice (plus pending prorations), collected or failed. */
    async advancePeriod(subId: string) {
      const s = subs.get(subId)!;
      if (s.cancel_at_period_end) {
        s.status = 'canceled';
        await emit('customer.subscription.deleted', s);
        return undefined;
      }
      s.current_period_start = s.current_period_end;
      s.current_period_end = (s.current_period_end as number) + 30 * DAY;
      // Since Stripe's 2025 API versions the period lives on the item too: keep both as Stripe does.
      Object.assign(subItem(s), {
        current_period_start: s.current_period_start,
        current_period_end: s.current_period_end,
      });
      const amount =
        ((subItem(s).price as Obj).unit_amount as number) +
        ((s.pending_proration as number | undefined) ?? 0);
      s.pending_proration = 0;
      const inv = makeInvoice(s, amount, 'subscription_cycle');
      s.latest_invoice = inv.id;
      const paid = collect(inv);
      s.status = paid ? 'active' : 'past_due';
      await emit('customer.subscription.updated', s);
      await emit(paid ? 'invoice.paid' : 'invoice.payment_failed', inv);
      return inv;
    },
    emit,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type StripeStandin = Awaited<ReturnType<typeof startStripeStandin>>;
