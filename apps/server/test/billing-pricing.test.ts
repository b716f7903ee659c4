// What a plan costs a subscription and what a plan change charges (decision 0310), and the ledger's
// in-app portal: paying an open invoice, replacing the card (decision 0311). Expected amounts are
// worked out here by hand from the seeded price table (migration 0013: the spec's AUD prices 79, 149,
// 219; EUR 48, 92, 135) and spec 1 §9's voucher rules, never by calling the code under test.
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { GOOD_CARD } from './support/cards';
import {
  advanceAndSignIn,
  call,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const DAY = 86_400_000;
const OTHER_CARD = { number: '5555 5555 5555 4444', expMonth: 10, expYear: 2098, cvc: '321' };
const DECLINED_CARD = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' };

interface Option {
  tier: { id: string; price: number };
  change: string;
  monthly_list: number;
  monthly_billed: number;
  charge_now: number | null;
}

let keySeq = 0;

for (const backend of testBackends()) {
  describe(`plan prices and the in-app portal (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let colleague: Session;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      owner = await signUp(server, 'Paula Payer');
      colleague = await signUp(server, 'Nick Nosy');
    });

    async function pay(overrides: Record<string, unknown>) {
      keySeq += 1;
      const res = await call(server, owner, 'POST', '/api/v1/billing/subscription-payments', {
        customerName: 'Paula Payer',
        billingEmail: 'paula@example.com',
        saveCard: true,
        tierId: 'blueprint',
        currency: 'AUD',
        card: GOOD_CARD,
        projectName: `Priced ${keySeq}`,
        idempotencyKey: `pricing-${keySeq}-${Date.now()}`,
        ...overrides,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as {
        project_id: string;
        subscription: { id: string; current_period_end: string; monthly_billed: number };
      };
    }

    /** Whole days from the server's now to the period's end, a started day counted whole. */
    const daysLeft = (periodEnd: string) =>
      Math.ceil((new Date(periodEnd).getTime() - server.clock.now().getTime()) / DAY);

    async function history(projectId: string) {
      const res = await call(server, owner, 'GET', '/api/v1/billing/billing-history');
      return (
        res.json().invoices as Array<{
          id: string;
          project_id: string;
          name: string;
          amount: number;
          currency: string;
          computed_status: string;
          receipt_number: string | null;
        }>
      ).filter((i) => i.project_id === projectId);
    }

    it('prices a EUR project with an amount voucher in EUR, and its upgrade charges exactly the estimate', async () => {
      const { project_id, subscription } = await pay({
        currency: 'EUR',
        voucherCode: 'FLAT10',
        projectName: 'Kanal Haus',
      });
      // Blueprint €48.00 less €10.00.
      expect(subscription.monthly_billed).toBe(38);
      await advanceAndSignIn(server, 9 * DAY + 3_600_000, [owner, colleague]);
      const res = await call(
        server,
        owner,
        'GET',
        `/api/v1/billing/subscriptions/${subscription.id}/plan-changes`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { currency: string; days_remaining: number; options: Option[] };
      expect(body.currency).toBe('EUR');
      const days = daysLeft(subscription.current_period_end);
      expect(body.days_remaining).toBe(days);
      // Billed: list − €10. Charge now: (target billed − €38) × days ÷ 30, rounded to the cent.
      const charge = (billedCents: number) => Math.round(((billedCents - 3800) * days) / 30) / 100;
      expect(
        body.options.map((o) => [o.tier.id, o.change, o.monthly_list, o.monthly_billed, o.charge_now]),
      ).toEqual([
        ['blueprint', 'current', 48, 38, null],
        ['cornerstone', 'upgrade', 92, 82, charge(8200)],
        ['skyline', 'upgrade', 135, 125, charge(12500)],
      ]);
      expect(body.options.every((o) => o.tier.price === o.monthly_list)).toBe(true);

      const up = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/upgrade`,
        {
          newTierId: 'skyline',
          confirmProjectName: 'Kanal Haus',
        },
      );
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().subscription.monthly_billed).toBe(125);
      const proration = (await history(project_id)).find((i) => i.name.includes('prorated'));
      expect(proration).toMatchObject({ currency: 'EUR', amount: charge(12500), computed_status: 'paid' });
      const first = (await history(project_id)).find((i) => !i.name.includes('prorated'));
      expect(first).toMatchObject({ currency: 'EUR', amount: 38 });
    });

    it('charges an upgrade as of the estimate the person saw, across a day boundary, and refuses an estimate over an hour old', async () => {
      const { project_id, subscription } = await pay({ projectName: 'Midnight Mill' });
      const periodEnd = new Date(subscription.current_period_end).getTime();
      // Ten minutes before a whole day more of the period has gone: the count of days left drops by
      // one twenty minutes later, so an upgrade prorated as of its confirmation would charge a day less.
      const untilDrop = (periodEnd - server.clock.now().getTime()) % DAY;
      await advanceAndSignIn(server, DAY + untilDrop - 600_000, [owner, colleague]);
      const priced = async () => {
        const res = await call(
          server,
          owner,
          'GET',
          `/api/v1/billing/subscriptions/${subscription.id}/plan-changes`,
        );
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { days_remaining: number; priced_as_of: string; options: Option[] };
      };
      const shown = await priced();
      expect(new Date(shown.priced_as_of).getTime()).toBe(server.clock.now().getTime());
      const days = daysLeft(subscription.current_period_end);
      expect(shown.days_remaining).toBe(days);
      // Blueprint A$79 → Cornerstone A$149: (14900 − 7900) × days ÷ 30, to the cent.
      const estimate = Math.round((7000 * days) / 30) / 100;
      expect(shown.options.find((o) => o.tier.id === 'cornerstone')?.charge_now).toBe(estimate);

      await advanceAndSignIn(server, 1_200_000, [owner, colleague]);
      const later = await priced();
      expect(later.days_remaining).toBe(days - 1);
      expect(later.options.find((o) => o.tier.id === 'cornerstone')?.charge_now).not.toBe(estimate);

      // An estimate over an hour old is refused, and nothing is charged or changed.
      const stale = new Date(server.clock.now().getTime() - 3_600_001).toISOString();
      const refused = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/upgrade`,
        {
          newTierId: 'cornerstone',
          confirmProjectName: 'Midnight Mill',
          pricedAsOf: stale,
        },
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('plan_estimate_expired');
      expect((await history(project_id)).filter((i) => i.name.includes('prorated'))).toEqual([]);

      const up = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/upgrade`,
        {
          newTierId: 'cornerstone',
          confirmProjectName: 'Midnight Mill',
          pricedAsOf: shown.priced_as_of,
        },
      );
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().subscription.tier.id).toBe('cornerstone');
      const proration = (await history(project_id)).find((i) => i.name.includes('prorated'));
      expect(proration).toMatchObject({ currency: 'AUD', amount: estimate, computed_status: 'paid' });
      // Its mail states the amount as the app does (the owner is the installation's admin, who may read the outbox).
      const outbox = await call(server, owner, 'GET', '/api/v1/admin/outbox');
      const mail = (outbox.json().mails as Array<{ kind: string; text: string }>).find(
        (m) => m.kind === 'invoice.issued' && m.text.includes('Midnight Mill') && m.text.includes('prorated'),
      );
      expect(mail?.text).toContain(`A$${estimate.toFixed(2)}`);
    });

    it('prices an AUD project with a 20 % voucher: A$63.20 billed, and the upgrade charge is the voucher-aware difference', async () => {
      const { project_id, subscription } = await pay({
        voucherCode: 'WELCOME20',
        projectName: 'Quay Street',
      });
      // 79 × 0.8 = 63.20; 149 × 0.8 = 119.20; difference 56.00 a month.
      expect(subscription.monthly_billed).toBe(63.2);
      await advanceAndSignIn(server, 5 * DAY, [owner, colleague]);
      const days = daysLeft(subscription.current_period_end);
      const expected = Math.round((5600 * days) / 30) / 100;
      const options = (
        await call(server, owner, 'GET', `/api/v1/billing/subscriptions/${subscription.id}/plan-changes`)
      ).json().options as Option[];
      const cornerstone = options.find((o) => o.tier.id === 'cornerstone');
      expect(cornerstone).toMatchObject({ monthly_list: 149, monthly_billed: 119.2, charge_now: expected });
      const up = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/upgrade`,
        {
          newTierId: 'cornerstone',
          confirmProjectName: 'Quay Street',
        },
      );
      expect(up.statusCode, up.body).toBe(200);
      const proration = (await history(project_id)).find((i) => i.name.includes('prorated'));
      expect(proration?.amount).toBe(expected);
    });

    it('shows the plan changes to no outsider', async () => {
      const { subscription } = await pay({ projectName: 'Private Plans' });
      const res = await call(
        server,
        colleague,
        'GET',
        `/api/v1/billing/subscriptions/${subscription.id}/plan-changes`,
      );
      expect(res.statusCode).toBe(404);
    });

    it('pays a due invoice inside the app once a card is saved; the subscription is paid again', async () => {
      const { project_id, subscription } = await pay({ saveCard: false, projectName: 'No Card Yet' });
      await advanceAndSignIn(server, 32 * DAY, [owner, colleague]);
      const { runBillingCycle } = await import('../src/modules/billing/cycle');
      const { createLedgerProvider } = await import('../src/modules/billing/payments/ledger');
      await runBillingCycle({
        db: server.database.db,
        clock: server.clock,
        provider: createLedgerProvider(),
        enabled: true,
      });
      const due = (await history(project_id)).find((i) => i.computed_status === 'due');
      expect(due, 'the renewal without a saved card is due').toBeDefined();
      const payUrl = `/api/v1/billing/invoices/${due?.id}/pay`;

      const noCard = await call(server, owner, 'POST', payUrl, {});
      expect(noCard.statusCode).toBe(402);
      expect(noCard.json().error.code).toBe('card_declined');
      const outsider = await call(server, colleague, 'POST', payUrl, {});
      expect(outsider.statusCode).toBe(404);

      const cardUrl = `/api/v1/billing/subscriptions/${subscription.id}/card`;
      const declined = await call(server, owner, 'PUT', cardUrl, { card: DECLINED_CARD });
      expect(declined.statusCode).toBe(402);
      const replaced = await call(server, owner, 'PUT', cardUrl, { card: OTHER_CARD });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().subscription.card).toEqual({
        brand: 'mastercard',
        last4: '4444',
        exp_month: 10,
        exp_year: 2098,
      });

      const paid = await call(server, owner, 'POST', payUrl, {});
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().invoice).toMatchObject({ computed_status: 'paid', amount: 79 });
      expect(paid.json().invoice.receipt_number).toMatch(/^RCT-/);
      const again = await call(server, owner, 'POST', payUrl, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('invoice_not_open');
      const subs = (await call(server, owner, 'GET', '/api/v1/billing/subscriptions')).json().subscriptions;
      expect(subs.find((s: { id: string }) => s.id === subscription.id)).toMatchObject({
        payment_status: 'paid',
        status: 'active',
      });
      const receipt = await call(
        server,
        owner,
        'GET',
        `/api/v1/billing/billing-history/${due?.id}/receipt/download`,
      );
      expect(receipt.statusCode).toBe(200);
    });
  });
}
