// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { WebhooksCard } from './webhooks-card';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const HOOK = '22222222-2222-4222-8222-222222222222';
const DELIVERY = '33333333-3333-4333-8333-333333333333';
const base = `/projects/${PROJECT}/webhooks`;

const hook = {
  id: HOOK,
  name: 'Coordination channel',
  url_host: 'hooks.slack.com',
  format: 'slack',
  created_at: '2026-12-06T08:00:00.000Z',
  last_delivery: { status: 'delivered', at: '2026-12-06T09:00:00.000Z' },
};

const delivery = {
  id: DELIVERY,
  event: 'version.compared',
  status: 'delivered',
  created_at: '2026-12-06T09:00:00.000Z',
  delivered_at: '2026-12-06T09:00:03.000Z',
  attempts: [
    {
      attempt: 1,
      at: '2026-12-06T09:00:00.000Z',
      status_code: 500,
      ok: false,
      error: 'The receiver answered 500.',
      duration_ms: 40,
    },
    { attempt: 2, at: '2026-12-06T09:00:03.000Z', status_code: 200, ok: true, error: null, duration_ms: 35 },
  ],
};

describe('WebhooksCard', () => {
  it('adds a hook and shows its secret once', async () => {
    const calls = mockApi({
      [`GET ${base}`]: { body: { webhooks: [] } },
      [`POST ${base}`]: {
        status: 201,
        body: { webhook: { ...hook, last_delivery: null }, secret: 'whsec_shown-once' },
      },
    });
    const { user } = renderWithApp(<WebhooksCard projectId={PROJECT} />);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Coordination channel');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://hooks.slack.com/services/T/B/X');
    await user.click(screen.getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'Slack' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_shown-once');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Coordination channel',
      url: 'https://hooks.slack.com/services/T/B/X',
      format: 'slack',
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('opens the delivery log with every attempt and re-sends a delivery', async () => {
    const calls = mockApi({
      [`GET ${base}`]: { body: { webhooks: [hook] } },
      [`GET ${base}/${HOOK}/deliveries`]: { body: { deliveries: [delivery] } },
      [`POST ${base}/${HOOK}/deliveries/${DELIVERY}/resend`]: {
        status: 202,
        body: { delivery: { ...delivery, status: 'pending' } },
      },
    });
    const { user } = renderWithApp(<WebhooksCard projectId={PROJECT} />);
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    expect(await within(list).findByText('Coordination channel')).toBeVisible();
    expect(within(list).getByText('hooks.slack.com')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    expect(within(log).getByText(/#1 .*HTTP 500/)).toBeVisible();
    expect(within(log).getByText(/#2 .*HTTP 200/)).toBeVisible();
    await user.click(within(log).getByRole('button', { name: 'Re-send' }));
    expect(await screen.findByText('Delivery sent again')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/resend'))).toBe(true);
  });
});
