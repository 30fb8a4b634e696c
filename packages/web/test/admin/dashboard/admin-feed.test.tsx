// The fake API goes first: the app's client keeps the `fetch` it finds when it is created.
import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { report, sale, stats, webhook } from './fixtures.js';
import { renderDashboard } from './render-dashboard.js';

const STATS = '/api/admin/stats';
const RECONCILIATION = '/api/admin/reconciliation';
const WEBHOOKS = '/api/admin/webhooks';

const shop = () =>
  startFakeApi(
    { method: 'GET', path: STATS, body: stats() },
    { method: 'GET', path: RECONCILIATION, body: { success: true, report: report() } },
    { method: 'GET', path: WEBHOOKS, body: { success: true, webhooks: [webhook()] } },
  );

const liveItems = () =>
  within(screen.getByRole('region', { name: 'Live activity' })).queryAllByRole('listitem');

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the dashboard live from the admin room', () => {
  it('shows a new order and the new totals when its frame arrives, without a reload', async () => {
    const api = shop();
    const { room } = renderDashboard();
    await screen.findByRole('link', { name: '#TRX-1042' });
    expect(room.opened).toBe(1);

    const placed = sale({ _id: '6760c0f4a1b2c3d4e5f60731', orderId: '#TRX-1043', status: 'pending' });
    const before = stats();
    api.answer({
      method: 'GET',
      path: STATS,
      body: stats({
        stats: { ...before.stats, last30Days: { ...before.stats.last30Days, totalOrders: 22 } },
        recentSales: [placed, sale()],
      }),
    });
    room.send({ event: 'order.created', id: '101' });

    expect(await screen.findByRole('link', { name: '#TRX-1043' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Orders' })).getByText('22')).toBeTruthy();
    expect(liveItems().map((item) => item.textContent)).toEqual([expect.stringContaining('New order')]);
    expect(api.requestsTo('GET', STATS)).toHaveLength(2);
    // An order frame changes no webhook: the attention list was not read again.
    expect(api.requestsTo('GET', WEBHOOKS)).toHaveLength(1);
  });

  it('reads the webhooks again on webhook.disabled and lists the endpoint under Needs attention', async () => {
    const api = shop();
    const { room } = renderDashboard();
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    await within(attention).findByText('Nothing needs attention.');

    api.answer({
      method: 'GET',
      path: WEBHOOKS,
      body: {
        success: true,
        webhooks: [webhook({ enabled: false, disabledReason: 'it failed every attempt for 3 days' })],
      },
    });
    room.send({ event: 'webhook.disabled', id: '102' });

    expect(
      await within(attention).findByText(/was disabled: it failed every attempt for 3 days/),
    ).toBeTruthy();
    expect(liveItems()[0]?.textContent).toContain('Webhook endpoint disabled');
  });

  it('keeps the last 10 frames, newest first, each in words with its time', async () => {
    shop();
    const { room } = renderDashboard();
    await screen.findByRole('link', { name: '#TRX-1042' });

    for (let index = 1; index <= 12; index += 1) {
      room.send({ event: index % 2 === 0 ? 'payment.confirmed' : 'refund.confirmed', id: String(index) });
    }

    const items = liveItems();
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toContain('Payment confirmed');
    expect(items[1]?.textContent).toContain('Refund confirmed');
    expect(items.every((item) => item.querySelector('time[datetime]') !== null)).toBe(true);
  });

  it('reads everything again when the missed frames cannot be replayed', async () => {
    const api = shop();
    const { room } = renderDashboard();
    await screen.findByText('Nothing needs attention.');

    api.answer({ method: 'GET', path: STATS, body: stats({ recentSales: [] }) });
    room.resync();

    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    await waitFor(() => {
      expect(api.requestsTo('GET', RECONCILIATION)).toHaveLength(2);
      expect(api.requestsTo('GET', WEBHOOKS)).toHaveLength(2);
    });
  });

  it('closes the room when the page goes away', async () => {
    shop();
    const { room, unmount } = renderDashboard();
    await screen.findByRole('link', { name: '#TRX-1042' });

    unmount();

    expect(room.closed).toBe(room.opened);
  });
});
