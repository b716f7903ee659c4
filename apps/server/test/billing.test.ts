// The billing flow on the built-in ledger, through the API: pay, upgrade, downgrade, cancel, renew,
// plan limits, invoices (decisions 0140–0142, 0210).
// Over 500 lines: one server and one clock carried through the whole flow (a second server for
// BILLING=off); later tests build on the subscriptions and the time earlier ones left.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  billingInvoices,
  billingSubscriptions,
  bimFiles,
  fileVersions,
  projectMembers,
  projects,
} from '../src/schema';
import { testBackends } from './support/backends';
import { GOOD_CARD } from './support/cards';
import { upload } from './support/multipart';
import {
  advanceAndSignIn,
  call,
  type Session,
  serverWithAccountsForBlock,
  signUp,
  startTestServer,
  type TestServer,
} from './support/server';

const DAY = 86_400_000;
const DECLINED_CARD = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' };
/** The smallest file the upload accepts: a STEP header (processing it fails, which is fine here). */
const tinyIfc = (n: number) =>
  `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('m${n}.ifc','2026-01-01T00:00:00',(''),(''),'','','');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n`;

let keySeq = 0;
function payment(overrides: Record<string, unknown> = {}) {
  keySeq += 1;
  return {
    customerName: 'Olivia Owner',
    billingEmail: 'olivia@example.com',
    saveCard: true,
    tierId: 'cornerstone',
    currency: 'AUD',
    card: GOOD_CARD,
    projectName: `Paid project ${keySeq}`,
    idempotencyKey: `key-${keySeq}-${Date.now()}`,
    ...overrides,
  };
}

for (const backend of testBackends()) {
  describe(`billing (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let colleague: Session;

    serverWithAccountsForBlock(backend, ['Olivia Owner', 'Colin Colleague'], (started, accounts) => {
      server = started;
      [owner, colleague] = accounts;
    });

    /** Moves the clock; sessions that expired meanwhile sign in again. */
    const advance = (ms: number) => advanceAndSignIn(server, ms, [owner, colleague]);

    async function rowCounts() {
      const db = server.database.db;
      const [p] = await db.select({ n: count() }).from(projects);
      const [s] = await db.select({ n: count() }).from(billingSubscriptions);
      const [i] = await db.select({ n: count() }).from(billingInvoices);
      const [f] = await db.select({ n: count() }).from(fileVersions);
      const [m] = await db.select({ n: count() }).from(projectMembers);
      return { projects: p?.n, subscriptions: s?.n, invoices: i?.n, versions: f?.n, members: m?.n };
    }

    async function pay(session: Session, body: Record<string, unknown> = payment()) {
      const res = await call(server, session, 'POST', '/api/v1/billing/subscription-payments', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { project_id: string; subscription: { id: string; current_period_end: string } };
    }

    it('lists the three plans by AUD price with the spec prices and a price in the asked currency', async () => {
      const res = await call(server, owner, 'GET', '/api/v1/billing/tiers?currency=EUR');
      expect(res.statusCode).toBe(200);
      const tiers = res.json().tiers as Array<Record<string, unknown>>;
      expect(
        tiers.map((t) => [t.name, t.price_monthly_aud, t.max_files, t.max_storage_gb, t.max_users]),
      ).toEqual([
        ['Blueprint', 79, 10, 20, 5],
        ['Cornerstone', 149, 20, 50, 10],
        ['Skyline', 219, 30, 100, 15],
      ]);
      expect(tiers.map((t) => t.price)).toEqual(tiers.map((t) => t.price_monthly_eur));
      expect(tiers.find((t) => t.popular)?.name).toBe('Cornerstone');
      // Plans are public (a pricing page; the demo's wizard offers them): the same list without an account.
      const anonymous = await call(server, null, 'GET', '/api/v1/billing/tiers?currency=EUR');
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json().tiers).toEqual(tiers);
    });

    it('validates vouchers as the spec shapes them; codes are matched upper-case', async () => {
      const ok = await call(server, owner, 'POST', '/api/v1/vouchers/validate', { code: 'welcome20' });
      expect(ok.json()).toMatchObject({ valid: true, discount_type: 'percentage', discount_value: 20 });
      const bad = await call(server, owner, 'POST', '/api/v1/vouchers/validate', { code: 'NOPE' });
      expect(bad.json()).toEqual({
        valid: false,
        discount_type: null,
        discount_value: null,
        description: null,
        message: 'Invalid voucher code',
      });
    });

    it('pays first, then creates the project, its Admin, the subscription and a paid invoice with the discount', async () => {
      const before = await rowCounts();
      const paid = await pay(owner, payment({ voucherCode: 'welcome20', projectName: 'Harbour Tower' }));
      const after = await rowCounts();
      expect(after.projects).toBe((before.projects ?? 0) + 1);
      expect(paid.subscription).toMatchObject({
        tier_id: 'cornerstone',
        status: 'active',
        payment_status: 'paid',
        cancel_at_period_end: false,
        voucher_code: 'WELCOME20',
        discount_applied_percentage: 20,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 },
        can_manage: true,
        project: { name: 'Harbour Tower', files_count: 0, team_members_count: 1 },
      });
      const history = (await call(server, owner, 'GET', '/api/v1/billing/billing-history')).json().invoices;
      const invoice = history.find((i: { project_id: string }) => i.project_id === paid.project_id);
      // 149.00 less 20 %: computed here, not read from the code under test.
      expect(invoice).toMatchObject({
        amount: 119.2,
        currency: 'AUD',
        computed_status: 'paid',
        display_status: 'Paid',
      });
      expect(invoice.receipt_number).toMatch(/^RCT-\d{6}$/);
      const project = (await call(server, owner, 'GET', `/api/v1/projects/${paid.project_id}`)).json()
        .project;
      expect(project).toMatchObject({ name: 'Harbour Tower', role: 'Admin' });
      // The card number is nowhere in the database: only brand, last 4 and expiry.
      const stored = await server.database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.projectId, paid.project_id));
      expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    });

    it('a declined card creates nothing and says why (402)', async () => {
      const before = await rowCounts();
      const res = await call(
        server,
        owner,
        'POST',
        '/api/v1/billing/subscription-payments',
        payment({ card: DECLINED_CARD }),
      );
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
      expect(await rowCounts()).toEqual(before);
    });

    it('refuses an invalid card number and an unknown plan with the spec message', async () => {
      const bad = await call(server, owner, 'POST', '/api/v1/billing/subscription-payments', {
        ...payment(),
        card: { ...GOOD_CARD, number: '4242 4242 4242 4241' },
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await call(
        server,
        owner,
        'POST',
        '/api/v1/billing/subscription-payments',
        payment({ tierId: 'gold' }),
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(
        'Plan selection error: The selected plan could not be found. Please try again.',
      );
    });

    it('answers a retried payment with the first result and charges once', async () => {
      const body = payment();
      const first = await pay(owner, body);
      const before = await rowCounts();
      const second = await pay(owner, body);
      expect(second.project_id).toBe(first.project_id);
      expect(await rowCounts()).toEqual(before);
    });

    it('upgrades now with an invoice prorated to the day; the typed name must match exactly', async () => {
      const { project_id, subscription } = await pay(
        owner,
        payment({ tierId: 'blueprint', projectName: 'Depot' }),
      );
      await advance(20 * DAY);
      const url = `/api/v1/billing/subscriptions/${subscription.id}/upgrade`;
      const wrong = await call(server, owner, 'POST', url, {
        newTierId: 'skyline',
        confirmProjectName: 'depot',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(
        'Please type the exact project name "Depot" to confirm the upgrade.',
      );
      const up = await call(server, owner, 'POST', url, {
        newTierId: 'skyline',
        confirmProjectName: 'Depot',
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().subscription.tier_id).toBe('skyline');
      const invoices = (await call(server, owner, 'GET', '/api/v1/billing/billing-history'))
        .json()
        .invoices.filter((i: { project_id: string }) => i.project_id === project_id);
      const proration = invoices.find((i: { name: string }) => i.name.includes('prorated'));
      // Independent arithmetic (spec 3 §9, decision 0310): (219 − 79) × days left ÷ 30, in cents.
      const end = new Date(subscription.current_period_end).getTime();
      const left = Math.ceil((end - server.clock.now().getTime()) / DAY);
      expect(proration.amount).toBe(Math.round((14000 * left) / 30) / 100);
    });

    it('schedules a downgrade for the next cycle, which the cycle job applies with one invoice', async () => {
      const { project_id, subscription } = await pay(
        owner,
        payment({ tierId: 'skyline', projectName: 'Museum' }),
      );
      const down = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/downgrade`,
        {
          newTierId: 'blueprint',
          confirmProjectName: 'Museum',
        },
      );
      expect(down.json().subscription).toMatchObject({ tier_id: 'skyline', scheduled_tier_id: 'blueprint' });
      await advance(32 * DAY);
      await server.app.inject({ method: 'GET', url: '/api/v1/health' });
      await runCycle();
      await runCycle(); // twice in one cycle: still one invoice
      const subs = (await call(server, owner, 'GET', '/api/v1/billing/subscriptions')).json().subscriptions;
      expect(subs.find((s: { id: string }) => s.id === subscription.id)).toMatchObject({
        tier_id: 'blueprint',
        scheduled_tier_id: null,
      });
      const cycleInvoices = await server.database.db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.projectId, project_id));
      expect(cycleInvoices.filter((i) => i.kind === 'cycle').map((i) => [i.tierName, i.totalCents])).toEqual([
        ['Skyline', 21900],
        ['Blueprint', 7900],
      ]);
    });

    async function runCycle() {
      const { runBillingCycle } = await import('../src/modules/billing/cycle');
      const { createLedgerProvider } = await import('../src/modules/billing/payments/ledger');
      return runBillingCycle({
        db: server.database.db,
        clock: server.clock,
        provider: createLedgerProvider(),
        enabled: true,
      });
    }

    it('a month on, issues exactly one invoice per active subscription', async () => {
      await runCycle(); // catch up everything earlier tests moved past
      const db = server.database.db;
      const active = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.status, 'active'));
      const [before] = await db.select({ n: count() }).from(billingInvoices);
      await advance(31 * DAY);
      const result = await runCycle();
      const again = await runCycle();
      const [after] = await db.select({ n: count() }).from(billingInvoices);
      const due = active.filter((s) => s.currentPeriodEnd.getTime() <= server.clock.now().getTime());
      expect(due.length).toBeGreaterThan(0);
      expect(result.renewed).toBe(due.length);
      expect(again.renewed).toBe(0);
      expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(due.length);
    });

    it('cancels at period end (still active until then), reactivates, and ends a cancelled one at renewal', async () => {
      const { subscription } = await pay(owner, payment({ projectName: 'Bridge' }));
      const cancel = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/cancel`,
        {
          cancelImmediately: false,
        },
      );
      expect(cancel.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
      const reactivate = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/reactivate`,
        {},
      );
      expect(reactivate.json().subscription.cancel_at_period_end).toBe(false);
      await call(server, owner, 'POST', `/api/v1/billing/subscriptions/${subscription.id}/cancel`, {});
      await advance(32 * DAY);
      await runCycle();
      const [row] = await server.database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.id, subscription.id));
      expect(row?.status).toBe('canceled');
    });

    it('only project Admins manage a subscription; outsiders see nothing', async () => {
      const { project_id, subscription } = await pay(owner, payment({ projectName: 'Shared' }));
      await call(server, owner, 'POST', `/api/v1/projects/${project_id}/members`, {
        email: colleague.email,
        role: 'Editor',
      });
      const asEditor = await call(
        server,
        colleague,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/cancel`,
        {},
      );
      expect(asEditor.statusCode).toBe(403);
      const stranger = await signUp(server, 'Sam Stranger');
      const asStranger = await call(
        server,
        stranger,
        'POST',
        `/api/v1/billing/subscriptions/${subscription.id}/cancel`,
        {},
      );
      expect(asStranger.statusCode).toBe(404);
      const history = (await call(server, colleague, 'GET', '/api/v1/billing/billing-history')).json()
        .invoices;
      expect(history).toEqual([]);
    });

    it('an overdue invoice blocks refresh', async () => {
      const { project_id } = await pay(owner, payment({ saveCard: false, projectName: 'Unsaved card' }));
      const uploaded = await upload(
        server,
        owner,
        `/api/v1/projects/${project_id}/bimfiles`,
        'a.ifc',
        tinyIfc(0),
      );
      expect(uploaded.statusCode).toBe(201);
      await advance(32 * DAY); // renewal without a saved card: a due invoice
      await runCycle();
      await advance(8 * DAY); // past the 7-day terms: overdue
      await runCycle();
      const limits = (await call(server, owner, 'GET', `/api/v1/projects/${project_id}/limits`)).json();
      expect(limits.limits.allowRefresh).toBe(false);
      const refresh = await call(server, owner, 'POST', `/api/v1/projects/${project_id}/refresh`);
      expect(refresh.statusCode).toBe(403);
      expect(refresh.json().error).toMatchObject({ code: 'refresh_not_allowed' });
      expect(refresh.json().error.message).toContain('unpaid');
    });

    it('refuses an upload past the file limit and a member past the user limit, changing nothing', async () => {
      // A project without a plan: Default (no plan) allows 15 files and 5 users (spec 1 §9, spec 3 §9).
      const created = await call(server, owner, 'POST', '/api/v1/projects', { name: 'Free project' });
      const projectId = created.json().project.id as string;
      for (let n = 1; n <= 15; n++) {
        const res = await upload(
          server,
          owner,
          `/api/v1/projects/${projectId}/bimfiles`,
          `m${n}.ifc`,
          tinyIfc(n),
        );
        expect(res.statusCode, res.body).toBe(201);
      }
      const limits = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/limits`)).json();
      expect(limits).toMatchObject({ plan: 'Default (no plan)', limits: { maxFiles: 15, maxUsers: 5 } });
      expect(limits.violations).toContainEqual({
        type: 'files',
        current: 15,
        limit: 15,
        severity: 'warning',
      });
      const before = await rowCounts();
      const [filesBefore] = await server.database.db
        .select({ n: count() })
        .from(bimFiles)
        .where(eq(bimFiles.projectId, projectId));
      const refused = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/bimfiles`,
        'm16.ifc',
        tinyIfc(16),
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'limit_files',
        message: 'File limit reached: Projects without a plan allow a maximum of 15 files.',
      });
      // A new version of an existing file is not a new file.
      const newVersion = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/bimfiles`,
        'm1.ifc',
        tinyIfc(1),
      );
      expect(newVersion.statusCode).toBe(201);
      const [filesAfter] = await server.database.db
        .select({ n: count() })
        .from(bimFiles)
        .where(eq(bimFiles.projectId, projectId));
      expect(filesAfter?.n).toBe(filesBefore?.n);
      expect((await rowCounts()).versions).toBe((before.versions ?? 0) + 1);

      for (let n = 0; n < 4; n++) {
        const member = await signUp(server, `Member ${n}`);
        const res = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
          email: member.email,
          role: 'Viewer',
        });
        expect(res.statusCode).toBe(201);
      }
      const sixth = await signUp(server, 'One Too Many');
      const membersBefore = (await rowCounts()).members;
      const over = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: sixth.email,
        role: 'Viewer',
      });
      expect(over.statusCode).toBe(403);
      expect(over.json().error).toMatchObject({
        code: 'limit_users',
        message: 'User limit reached: Projects without a plan allow a maximum of 5 team members.',
      });
      expect((await rowCounts()).members).toBe(membersBefore);
    });

    it('refuses a report request over the monthly limit through the enforcement the reports module calls', async () => {
      const { project_id } = await pay(owner, payment({ tierId: 'blueprint', projectName: 'Reports' }));
      const { createBillingService } = await import('../src/modules/billing/service');
      const { createLedgerProvider } = await import('../src/modules/billing/payments/ledger');
      const billing = createBillingService({
        db: server.database.db,
        clock: server.clock,
        audit: { record: async () => {} } as never,
        provider: createLedgerProvider(),
        enabled: true,
      });
      const db = server.database.db;
      await expect(billing.enforcement.assertReportAllowed(db, project_id, 9)).resolves.toBeUndefined();
      await expect(billing.enforcement.assertReportAllowed(db, project_id, 10)).rejects.toMatchObject({
        code: 'limit_reports',
        message: 'Monthly limit reached (10 reports)',
      });
    });

    it('serves receipts and invoices as PDFs to the project Admin only', async () => {
      const { project_id } = await pay(owner, payment({ projectName: 'Receipts' }));
      const invoice = (await call(server, owner, 'GET', '/api/v1/billing/billing-history'))
        .json()
        .invoices.find((i: { project_id: string }) => i.project_id === project_id);
      const receipt = await call(
        server,
        owner,
        'GET',
        `/api/v1/billing/billing-history/${invoice.id}/receipt/download`,
      );
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['content-type']).toBe('application/pdf');
      expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(receipt.headers['content-disposition']).toContain(`${invoice.receipt_number}.pdf`);
      const pdf = await call(server, owner, 'GET', `/api/v1/billing/invoices/${invoice.id}/pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const other = await call(server, colleague, 'GET', `/api/v1/billing/invoices/${invoice.id}/pdf`);
      expect(other.statusCode).toBe(404);
    });
  });
}

describe('BILLING=off', () => {
  it('lifts limits and reports billing disabled', async () => {
    const backend = testBackends()[0];
    if (!backend) throw new Error('no test backend');
    const server = await startTestServer(backend, { BILLING: 'off' });
    try {
      const user = await signUp(server, 'Free User');
      expect((await call(server, user, 'GET', '/api/v1/billing/config')).json()).toMatchObject({
        enabled: false,
      });
      // Anonymous too: the demo's wizard asks it to know whether there is a plan to choose (issue 35).
      expect((await call(server, null, 'GET', '/api/v1/billing/config')).json()).toMatchObject({
        enabled: false,
      });
      const created = await call(server, user, 'POST', '/api/v1/projects', { name: 'Anything goes' });
      const limits = (
        await call(server, user, 'GET', `/api/v1/projects/${created.json().project.id}/limits`)
      ).json();
      expect(limits.plan).toBe('Unlimited');
      expect((await call(server, user, 'GET', '/api/v1/billing/tiers')).statusCode).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
