// @vitest-environment happy-dom
import type { Subscription, Tier } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { type MockAnswer, mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { SubscriptionBanner } from './subscription-banner';
import { SubscriptionsTab } from './subscriptions-tab';

function tier(id: string, name: string, aud: number, popular = false): Tier {
  return {
    id,
    name,
    description: `${name} plan`,
    max_files: 10,
    max_storage_gb: 10,
    max_users: 10,
    max_reports_per_month: 10,
    refresh_frequency: 'daily',
    allow_api_access: false,
    price_monthly_aud: aud,
    price_monthly_usd: aud,
    price_monthly_gbp: aud,
    price_monthly_eur: aud,
    is_active: true,
    stripePriceId: `price_${id}`,
    popular,
    features: [`${name} feature`],
    price: aud,
    currency: 'AUD',
  };
}

const BLUEPRINT = tier('blueprint', 'Blueprint', 49);
const CORNERSTONE = tier('cornerstone', 'Cornerstone', 149, true);
const SKYLINE = tier('skyline', 'Skyline', 399);

const FERRY: Subscription = {
  id: '00000000-0000-4000-8000-0000000000a1',
  project_id: '00000000-0000-4000-8000-000000000001',
  tier_id: 'blueprint',
  tier: BLUEPRINT,
  status: 'active',
  payment_status: 'paid',
  cancel_at_period_end: false,
  current_period_start: '2026-12-01T00:00:00.000Z',
  current_period_end: '2026-12-31T00:00:00.000Z',
  scheduled_tier_id: null,
  currency: 'AUD',
  voucher_code: null,
  stripe_promotion_code_id: null,
  discount_applied_percentage: null,
  discount_applied_amount_cents: null,
  monthly_billed: 49,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 },
  can_manage: true,
  project: { name: 'Ferry Terminal', files_count: 0, team_members_count: 1 },
};

/** The instant the server priced the plan changes as of: an upgrade sends it back (decision 0427). */
const PRICED_AS_OF = '2026-12-07T09:00:00.000Z';

/** The server's plan-change answer for Ferry (on Blueprint, 30 days left), no voucher: billed = list. */
function planChanges(tiers: Tier[]) {
  return {
    subscription_id: FERRY.id,
    currency: 'AUD',
    days_remaining: 30,
    proration_days: 30,
    priced_as_of: PRICED_AS_OF,
    options: tiers.map((t) => ({
      tier: t,
      change: t.id === 'blueprint' ? 'current' : 'upgrade',
      monthly_list: t.price,
      monthly_billed: t.price,
      charge_now: t.id === 'blueprint' ? null : t.price - 49,
    })),
  };
}

const error = (status: number, code: string): MockAnswer => ({
  status,
  body: { error: { code, message: code } },
});

/** The tab as the server answers it, with any route replaced by `overrides`. */
function mockBilling(overrides: Record<string, MockAnswer | (() => MockAnswer)> = {}) {
  return mockApi({
    'GET /billing/config': {
      body: { enabled: true, provider: 'ledger', testMode: true, currencies: ['AUD'] },
    },
    'GET /billing/tiers': { body: { tiers: [BLUEPRINT, CORNERSTONE, SKYLINE] } },
    'GET /billing/subscriptions': { body: { subscriptions: [FERRY] } },
    'GET /billing/billing-history': { body: { invoices: [] } },
    [`GET /billing/subscriptions/${FERRY.id}/plan-changes`]: {
      body: planChanges([BLUEPRINT, CORNERSTONE, SKYLINE]),
    },
    ...overrides,
  });
}

async function upgradeFerryTo(user: ReturnType<typeof renderWithApp>['user'], plan: RegExp) {
  const card = (await screen.findAllByTestId('subscription-card')).find((c) =>
    c.textContent?.includes('Ferry Terminal'),
  );
  if (!card) throw new Error('no card for Ferry Terminal');
  await user.click(within(card).getByRole('button', { name: 'Change Plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
  await user.click(within(dialog).getByRole('radio', { name: plan }));
  await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
  await user.type(within(dialog).getByLabelText('Project name'), 'Ferry Terminal');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Upgrade' }));
  return dialog;
}

// Moved from subscriptions.e2e (decision 0205): the spec's messages of the Subscriptions tab, each
// forced by the answer the tab gets. Upgrading, cancelling and receipts against the server stay e2e.
describe('SubscriptionsTab', () => {
  it('offers a plan to a user without one, with the empty history and the plan grid (POPULAR, Contact Us)', async () => {
    mockBilling({ 'GET /billing/subscriptions': { body: { subscriptions: [] } } });
    // The dashboard shows the banner above the tab (app/dashboard-page.tsx).
    const { user } = renderWithApp(
      <>
        <SubscriptionBanner />
        <SubscriptionsTab />
      </>,
    );
    expect(await screen.findByText('No billing history available')).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Choose a plan' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'View Plans' }));
    expect((await screen.findAllByText('POPULAR'))[0]).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Contact Us' })[0]).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Hide Plans' }));
  });

  it('refuses a plan without a payment price before asking the server', async () => {
    const calls = mockBilling({
      [`GET /billing/subscriptions/${FERRY.id}/plan-changes`]: {
        body: planChanges([BLUEPRINT, CORNERSTONE, { ...SKYLINE, stripePriceId: null }]),
      },
    });
    const { user } = renderWithApp(<SubscriptionsTab />);
    await upgradeFerryTo(user, /Skyline/);
    expect(
      await screen.findByText(
        'Plan configuration error: The Skyline plan is not properly configured for payments. Please try a different plan or contact support.',
      ),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("words the server's refusals of a plan change: a plan it no longer knows, then any other failure", async () => {
    let answer = error(404, 'tier_not_found');
    const calls = mockBilling({ [`POST /billing/subscriptions/${FERRY.id}/upgrade`]: () => answer });
    const { user } = renderWithApp(<SubscriptionsTab />);
    const dialog = await upgradeFerryTo(user, /Cornerstone/);
    expect(
      await screen.findByText(
        'Plan selection error: The selected plan could not be found. Please try again.',
      ),
    ).toBeVisible();

    answer = { status: 500, body: {} };
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Upgrade' }));
    expect(await screen.findByText('Failed to process subscription change. Please try again.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        subscriptionId: FERRY.id,
        newTierId: 'cornerstone',
        confirmProjectName: 'Ferry Terminal',
        pricedAsOf: PRICED_AS_OF,
      },
      {
        subscriptionId: FERRY.id,
        newTierId: 'cornerstone',
        confirmProjectName: 'Ferry Terminal',
        pricedAsOf: PRICED_AS_OF,
      },
    ]);
  });

  it('prices the plans again when the server says the estimate shown is over an hour old', async () => {
    const expired = 'The price shown is more than an hour old. Review the new price and confirm again.';
    const calls = mockBilling({
      [`POST /billing/subscriptions/${FERRY.id}/upgrade`]: {
        status: 409,
        body: {
          error: {
            code: 'plan_estimate_expired',
            message: expired,
            messageId: 'error.plan_estimate_expired',
          },
        },
      },
    });
    const { user } = renderWithApp(<SubscriptionsTab />);
    const dialog = await upgradeFerryTo(user, /Cornerstone/);
    expect(await screen.findByText(expired)).toBeVisible();
    // Back to the plans, priced again before anyone confirms.
    expect(await within(dialog).findByRole('radiogroup', { name: 'Plans' })).toBeVisible();
    const priced = () =>
      calls.filter((call) => call.method === 'GET' && call.path.endsWith('/plan-changes')).length;
    await waitFor(() => expect(priced()).toBeGreaterThan(1));
  });

  it('says to sign in when the billing portal or the subscriptions cannot be read', async () => {
    mockBilling({
      'GET /billing/config': {
        body: { enabled: true, provider: 'stripe', testMode: true, currencies: ['AUD'] },
      },
      'POST /billing/portal': { status: 500, body: {} },
      'GET /billing/subscriptions': { status: 500, body: {} },
    });
    const { user } = renderWithApp(<SubscriptionsTab />);
    expect(await screen.findByText('You must be logged in to manage subscriptions.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(screen.getByText('You must be logged in to manage billing.')).toBeVisible());
  });

  it("shows what is billed with the list price struck, and the server's charge for an upgrade in the project's currency", async () => {
    const euro = (t: Tier, eur: number): Tier => ({ ...t, price: eur, currency: 'EUR' });
    const ferry: Subscription = {
      ...FERRY,
      currency: 'EUR',
      tier: euro(BLUEPRINT, 48),
      voucher_code: 'FLAT10',
      discount_applied_amount_cents: 1000,
      monthly_billed: 38,
    };
    mockBilling({
      'GET /billing/subscriptions': { body: { subscriptions: [ferry] } },
      [`GET /billing/subscriptions/${FERRY.id}/plan-changes`]: {
        body: {
          subscription_id: FERRY.id,
          currency: 'EUR',
          days_remaining: 21,
          proration_days: 30,
          priced_as_of: PRICED_AS_OF,
          options: [
            {
              tier: euro(BLUEPRINT, 48),
              change: 'current',
              monthly_list: 48,
              monthly_billed: 38,
              charge_now: null,
            },
            {
              tier: euro(CORNERSTONE, 92),
              change: 'upgrade',
              monthly_list: 92,
              monthly_billed: 82,
              charge_now: 30.8,
            },
          ],
        },
      },
    });
    const { user } = renderWithApp(<SubscriptionsTab />);
    const card = await screen.findByTestId('subscription-card');
    expect(within(card).getByTestId('billed-price').textContent).toBe('€38.00 / month');
    expect(within(card).getByText('List price €48.00')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    await user.click(await within(dialog).findByRole('radio', { name: /Cornerstone/ }));
    expect(within(dialog).getByRole('radio', { name: /Cornerstone/ }).textContent).toContain(
      '€82.00 / month',
    );
    expect(within(dialog).getByTestId('upgrade-charge').textContent).toBe(
      'Charged today: €30.80, the difference of the monthly prices you pay (€44.00) × 21 days remaining ÷ 30.',
    );
    expect(dialog.textContent).not.toContain('A$');
  });

  it("words an upgrade's charge under Stripe as Stripe's preview, not as the ledger's formula (issue 35)", async () => {
    const options = planChanges([BLUEPRINT, CORNERSTONE, SKYLINE]);
    mockBilling({
      'GET /billing/config': {
        body: { enabled: true, provider: 'stripe', testMode: true, currencies: ['AUD'] },
      },
      [`GET /billing/subscriptions/${FERRY.id}/plan-changes`]: {
        body: {
          ...options,
          options: options.options.map((o) => (o.change === 'upgrade' ? { ...o, charge_now: 37.41 } : o)),
        },
      },
    });
    const { user } = renderWithApp(<SubscriptionsTab />);
    const card = await screen.findByTestId('subscription-card');
    await user.click(within(card).getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    await user.click(await within(dialog).findByRole('radio', { name: /Skyline/ }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('upgrade-charge').textContent).toBe(
        "Charged today: A$37.41, Stripe's proration of the rest of the period with your discounts, as its preview of the invoice says.",
      ),
    );
  });

  it("opens the ledger's portal inside the app: pays a due invoice and replaces the card", async () => {
    const due = {
      id: '00000000-0000-4000-8000-0000000000f1',
      invoice_id: '00000000-0000-4000-8000-0000000000f1',
      invoice_number: 'INV-001009',
      name: 'Blueprint plan, monthly',
      project_name_snapshot: 'Ferry Terminal',
      project_id: FERRY.project_id,
      date: '2026-12-01T00:00:00.000Z',
      created: 1_796_083_200,
      amount: 49,
      currency: 'AUD',
      computed_status: 'due',
      display_status: 'Due',
      invoice_pdf: null,
      hosted_invoice_url: null,
      receipt_url: null,
      receipt_number: null,
    };
    const calls = mockBilling({
      'GET /billing/billing-history': { body: { invoices: [due] } },
      [`POST /billing/invoices/${due.id}/pay`]: {
        body: { invoice: { ...due, computed_status: 'paid', display_status: 'Paid' } },
      },
      [`PUT /billing/subscriptions/${FERRY.id}/card`]: {
        body: {
          subscription: {
            ...FERRY,
            card: { brand: 'mastercard', last4: '4444', exp_month: 10, exp_year: 2098 },
          },
        },
      },
    });
    const { user } = renderWithApp(<SubscriptionsTab />);
    await screen.findByTestId('subscription-card');
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    const portal = await screen.findByRole('dialog', { name: 'Billing portal' });
    await user.click(within(portal).getByRole('button', { name: 'Pay A$49.00' }));
    expect(await screen.findByText('Invoice INV-001009 paid')).toBeVisible();

    await user.click(within(portal).getByRole('button', { name: 'Replace card' }));
    await user.type(within(portal).getByLabelText('Card number'), '5555 5555 5555 4445');
    await user.type(within(portal).getByLabelText('Expiry (MM/YY)'), '10/98');
    await user.type(within(portal).getByLabelText('CVC'), '321');
    await user.click(within(portal).getByRole('button', { name: 'Save card' }));
    expect(await within(portal).findByRole('alert')).toHaveTextContent('Your card number is invalid.');
    await user.clear(within(portal).getByLabelText('Card number'));
    await user.type(within(portal).getByLabelText('Card number'), '5555 5555 5555 4444');
    await user.click(within(portal).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card saved for Ferry Terminal')).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', `/billing/invoices/${due.id}/pay`, {}],
      [
        'PUT',
        `/billing/subscriptions/${FERRY.id}/card`,
        { card: { number: '5555555555554444', expMonth: 10, expYear: 2098, cvc: '321' } },
      ],
    ]);
  });
});

describe('SubscriptionsTab in German (issue 31)', () => {
  afterEach(() => switchLocale('en'));

  it('words the tab, a card, its money and dates and the plan change in German', async () => {
    await switchLocale('de');
    mockBilling({
      'GET /billing/subscriptions': {
        body: {
          subscriptions: [{ ...FERRY, payment_status: 'due', project: { ...FERRY.project, files_count: 3 } }],
        },
      },
      'GET /billing/billing-history': {
        body: {
          invoices: [
            {
              id: '00000000-0000-4000-8000-0000000000f2',
              invoice_id: '00000000-0000-4000-8000-0000000000f2',
              invoice_number: 'INV-001010',
              name: 'Blueprint plan, monthly',
              project_name_snapshot: 'Ferry Terminal',
              project_id: FERRY.project_id,
              date: '2026-12-01T12:00:00.000Z',
              created: 1_796_126_400,
              amount: 49,
              currency: 'AUD',
              computed_status: 'overdue',
              display_status: 'Overdue',
              invoice_pdf: null,
              hosted_invoice_url: null,
              receipt_url: null,
              receipt_number: null,
            },
          ],
        },
      },
    });
    const { user } = renderWithApp(<SubscriptionsTab />);
    expect(await screen.findByRole('heading', { name: 'Abonnements' })).toBeVisible();
    // The billing history: its headings and an invoice's status in German, not the server's English label.
    const history = await screen.findByRole('table');
    expect(within(history).getByRole('button', { name: 'Betrag' })).toBeVisible();
    expect(within(history).getByText('Überfällig')).toBeVisible();
    expect(within(history).queryByText('Overdue')).not.toBeInTheDocument();
    expect(await screen.findByText('1 Projekt mit Tarif · monatliche Abrechnung pro Projekt')).toBeVisible();
    expect(screen.getByText('Rechnungsverlauf')).toBeVisible();

    const [card] = await screen.findAllByTestId('subscription-card');
    if (!card) throw new Error('no subscription card');
    expect(card).toHaveAttribute('aria-label', 'Abonnement von Ferry Terminal');
    expect(within(card).getByText('Aktiv')).toBeVisible();
    expect(within(card).getByText('· Zahlung fällig')).toBeVisible();
    expect(within(card).getByText('3 Dateien')).toBeVisible();
    expect(within(card).getByText('1 Mitglied')).toBeVisible();
    // Money and dates as German writes them: the amount before its currency, the day before the month.
    expect(within(card).getByTestId('billed-price').textContent).toBe('49,00\u00a0AU$ / Monat');
    expect(within(card).getByText(/^Verlängert sich am \d{1,2}\. (Dez|Jan)\. 202[67]$/)).toBeVisible();
    expect(within(card).queryByText('Change Plan')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Tarif ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarif ändern' });
    expect(within(dialog).getByText('Aktuell')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: /Cornerstone/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt upgraden' }));
    expect(within(dialog).getByText(/um das Upgrade auf Cornerstone zu bestätigen/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  });
});
