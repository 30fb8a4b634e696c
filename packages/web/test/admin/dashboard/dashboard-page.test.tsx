// The fake API goes first: the app's client keeps the `fetch` it finds when it is created.
import { type FakeAnswer, startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chartDays, mismatch, report, sale, stats, webhook } from './fixtures.js';
import { renderDashboard } from './render-dashboard.js';

const STATS = '/api/admin/stats';
const RECONCILIATION = '/api/admin/reconciliation';
const WEBHOOKS = '/api/admin/webhooks';

/** A shop with nothing wrong: a clean reconciliation and working webhooks. */
const healthy = (...more: FakeAnswer[]) =>
  startFakeApi(
    { method: 'GET', path: STATS, body: stats() },
    { method: 'GET', path: RECONCILIATION, body: { success: true, report: report() } },
    { method: 'GET', path: WEBHOOKS, body: { success: true, webhooks: [webhook()] } },
    ...more,
  );

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the dashboard totals', () => {
  it('show each 30-day figure with its trend in words, money exactly as the API gives it', async () => {
    healthy();
    renderDashboard();

    const revenue = await screen.findByRole('article', { name: 'Revenue' });
    expect(within(revenue).getByText('3,100.2 TRX')).toBeTruthy();
    expect(within(revenue).getByText(/up 12\.5% on the previous 30 days/)).toBeTruthy();

    const orders = screen.getByRole('article', { name: 'Orders' });
    expect(within(orders).getByText('21')).toBeTruthy();
    expect(within(orders).getByText(/down 3\.0% on the previous 30 days/)).toBeTruthy();

    const fees = screen.getByRole('article', { name: 'Network fees' });
    expect(within(fees).getByText('23.1 TRX')).toBeTruthy();
    expect(within(fees).getByText(/no change on the previous 30 days/)).toBeTruthy();

    const customers = screen.getByRole('article', { name: 'Customers' });
    expect(within(customers).getByText('40')).toBeTruthy();
    expect(within(customers).getByText('31 active')).toBeTruthy();
    expect(within(customers).getByText(/Sign-ups: up 100\.0% on the previous 30 days/)).toBeTruthy();

    expect(
      within(screen.getByRole('article', { name: 'Total revenue' })).getByText('12,500.75 TRX'),
    ).toBeTruthy();
    const net = screen.getByRole('article', { name: 'Net revenue' });
    expect(within(net).getByText('12,350.15 TRX')).toBeTruthy();
    expect(within(net).getByText('150.6 TRX')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Total orders' })).getByText('84')).toBeTruthy();
  });

  it('show the API error code and message when the stats cannot be read', async () => {
    healthy({
      method: 'GET',
      path: STATS,
      status: 500,
      body: { success: false, code: 'INTERNAL_ERROR', error: 'An unexpected error occurred' },
    });
    renderDashboard();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The figures could not be loaded');
    expect(alert.textContent).toContain('INTERNAL_ERROR');
    expect(alert.textContent).toContain('An unexpected error occurred');
    // The rest of the page still works: the attention list comes from its own answers.
    expect(await screen.findByText('Nothing needs attention.')).toBeTruthy();
  });
});

describe('the recent orders', () => {
  it('list the newest sales with customer, status, total and a link to the order', async () => {
    healthy({
      method: 'GET',
      path: STATS,
      body: stats({
        recentSales: [
          sale({ _id: '6760c0f4a1b2c3d4e5f60731', orderId: '#TRX-1043', total: 0.000001, status: 'pending' }),
          sale({ userId: null }),
        ],
      }),
    });
    renderDashboard();

    const table = within(await screen.findByRole('region', { name: 'Recent orders' })).getByRole('table');
    const [, newest, older] = within(table).getAllByRole('row');
    if (!newest || !older) throw new Error('expected two rows');
    const link = within(newest).getByRole('link', { name: '#TRX-1043' });
    expect(link.getAttribute('href')).toBe('/admin/orders/6760c0f4a1b2c3d4e5f60731');
    expect(within(newest).getByText('ann')).toBeTruthy();
    expect(within(newest).getByText('Pending')).toBeTruthy();
    expect(within(newest).getByText('0.000001 TRX')).toBeTruthy();
    expect(within(older).getByRole('link', { name: '#TRX-1042' }).getAttribute('href')).toBe(
      '/admin/orders/6760c0f4a1b2c3d4e5f60730',
    );
    expect(within(older).getByText('No account')).toBeTruthy();
  });

  it('say so when there is no order yet', async () => {
    healthy({ method: 'GET', path: STATS, body: stats({ recentSales: [] }) });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Recent orders' });
    expect(within(section).getByText('No orders yet.')).toBeTruthy();
  });
});

describe('needs attention', () => {
  it('names a disabled webhook, a failing one and each reconciliation discrepancy, with links', async () => {
    healthy(
      { method: 'GET', path: RECONCILIATION, body: { success: true, report: report([mismatch]) } },
      {
        method: 'GET',
        path: WEBHOOKS,
        body: {
          success: true,
          webhooks: [
            webhook({ url: 'https://fine.example.com/hook' }),
            webhook({
              _id: '6760c0f4a1b2c3d4e5f60751',
              url: 'https://dead.example.com/hook',
              enabled: false,
              disabledReason: 'it failed every attempt for 3 days',
              failingSince: '2025-01-12T09:00:00.000Z',
            }),
            webhook({
              _id: '6760c0f4a1b2c3d4e5f60752',
              url: 'https://flaky.example.com/hook',
              failingSince: '2025-01-14T09:00:00.000Z',
            }),
            webhook({
              _id: '6760c0f4a1b2c3d4e5f60753',
              url: 'https://paused.example.com/hook',
              enabled: false,
            }),
          ],
        },
      },
    );
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Needs attention' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [discrepancy, disabled, failing] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(discrepancy.textContent).toContain(
      'The ledger and the chain disagree: the ledger and the chain disagree on the amount (ledger 150.6, chain 150.5)',
    );
    expect(within(discrepancy).getByRole('link').getAttribute('href')).toBe('/admin/reconciliation');

    expect(disabled.textContent).toContain(
      'Webhook https://dead.example.com/hook was disabled: it failed every attempt for 3 days',
    );
    expect(within(disabled).getByRole('link').getAttribute('href')).toBe('/admin/webhooks');

    expect(failing.textContent).toContain('Webhook https://flaky.example.com/hook has been failing since');
    expect(failing.querySelector('time')?.getAttribute('datetime')).toBe('2025-01-14T09:00:00.000Z');

    // Working endpoints and one an admin paused on purpose are not problems.
    expect(section.textContent).not.toContain('fine.example.com');
    expect(section.textContent).not.toContain('paused.example.com');
    expect(within(section).queryByText('Nothing needs attention.')).toBeNull();
  });

  it('lists the first five discrepancies and says how many more the report holds', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({ ...mismatch, detail: `row ${index + 1}` }));
    healthy({ method: 'GET', path: RECONCILIATION, body: { success: true, report: report(rows) } });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Needs attention' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('row 1'),
      expect.stringContaining('row 2'),
      expect.stringContaining('row 3'),
      expect.stringContaining('row 4'),
      expect.stringContaining('row 5'),
      expect.stringContaining('2 more discrepancies'),
    ]);
  });

  it('says Nothing needs attention when the reconciliation is clean and every webhook works', async () => {
    healthy();
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Needs attention' });
    expect(await within(section).findByText('Nothing needs attention.')).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();
    expect(within(section).queryByText('No reconciliation has run yet.')).toBeNull();
  });

  it('takes a reconciliation that never ran as nothing wrong, and says none ran', async () => {
    healthy({
      method: 'GET',
      path: RECONCILIATION,
      status: 404,
      body: { success: false, code: 'RECONCILIATION_NOT_RUN', error: 'No reconciliation has run yet' },
    });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Needs attention' });
    expect(await within(section).findByText('Nothing needs attention.')).toBeTruthy();
    expect(within(section).getByText('No reconciliation has run yet.')).toBeTruthy();
  });

  it('shows the code and message of a webhooks error instead of claiming all is well', async () => {
    healthy({
      method: 'GET',
      path: WEBHOOKS,
      status: 403,
      body: {
        success: false,
        code: 'INSUFFICIENT_SCOPE',
        error: 'This API key lacks the webhooks:write scope',
      },
    });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Needs attention' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('INSUFFICIENT_SCOPE');
    expect(alert.textContent).toContain('This API key lacks the webhooks:write scope');
    expect(within(section).queryByText('Nothing needs attention.')).toBeNull();
  });
});

describe('the revenue and orders chart', () => {
  it('captions the range with its exact revenue and its orders, and has a table row per day of the series', async () => {
    // 180 x 1,234,567.123457 + 2,000,000 is 224,222,082.22226; adding the doubles would show ...222261.
    const revenueOf = (index: number) => (index === 180 ? 2_000_000 : 1_234_567.123457);
    // One order on each of the 90 even days before the last, 1,204 on the last: 1,294 in all.
    const ordersOf = (index: number) => (index === 180 ? 1_204 : index % 2 === 0 ? 1 : 0);
    healthy({ method: 'GET', path: STATS, body: stats({ chartData: chartDays(181, revenueOf, ordersOf) }) });
    renderDashboard();

    const figure = await screen.findByRole('figure');
    const caption = figure.querySelector('figcaption')?.textContent ?? '';
    expect(caption).toContain('Revenue and orders per day (UTC), 181 days');
    expect(caption).toContain('224,222,082.22226 TRX from 1,294 orders in all');
    expect(caption).toContain('the most 2,000,000 TRX');
    // jsdom cannot draw: the figure says so instead of failing, and the table holds the data.
    expect(await within(figure).findByText(/cannot draw the chart/)).toBeTruthy();

    fireEvent.click(within(figure).getByText('Show as table'));
    const table = figure.querySelector('details table');
    expect(table?.getAttribute('aria-label')).toBe('Revenue and orders per day (UTC)');
    const headers = [...(table?.querySelectorAll('thead th') ?? [])].map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Revenue', 'Orders']);
    // Rows by selector: role queries over 181 rows take seconds in jsdom.
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])];
    expect(rows).toHaveLength(181);
    const dates = rows.map((row) => row.querySelector('time')?.getAttribute('datetime'));
    expect(dates[0]).toBe('2024-07-19');
    expect(dates[180]).toBe('2025-01-15');
    const cells = (index: number) =>
      [...(rows[index]?.querySelectorAll('td.number') ?? [])].map((cell) => cell.textContent);
    expect(cells(180)).toEqual(['2,000,000 TRX', '1,204']);
    expect(cells(0)).toEqual(['1,234,567.123457 TRX', '1']);
    expect(cells(1)).toEqual(['1,234,567.123457 TRX', '0']);
    // 181 rows of dates and amounts take a few seconds to render in jsdom on a busy machine.
  }, 15_000);

  it('says one order in the singular when the range has exactly one', async () => {
    const ordersOf = (index: number) => (index === 3 ? 1 : 0);
    const revenueOf = (index: number) => (index === 3 ? 149.49 : 0);
    healthy({ method: 'GET', path: STATS, body: stats({ chartData: chartDays(7, revenueOf, ordersOf) }) });
    renderDashboard();

    const figure = await screen.findByRole('figure');
    const caption = figure.querySelector('figcaption')?.textContent ?? '';
    expect(caption).toContain('149.49 TRX from 1 order in all');
  });
});
