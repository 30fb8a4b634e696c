import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import OrdersPage from '../../../src/admin/features/orders/routes/orders-page.js';
import { aSale, errorAnswer, ORDER_ID, salesAnswer } from './orders-data.js';
import { renderPage } from './render-page.js';

const SALES = '/api/admin/sales';
const onePage = (total: number, page = 1) => ({ total, page, pages: Math.ceil(total / 20), limit: 20 });

const salesRequests = (api: ReturnType<typeof startFakeApi>) =>
  api.requestsTo('GET', SALES).map((request) => Object.fromEntries(request.url.searchParams));

// Local midnights are asserted in a zone with a daylight-saving change inside the range.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the orders list', () => {
  it('shows a row per sale (number linking to it, customer linking to theirs, status, items, total) and the pager from the answer', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: SALES,
      body: salesAnswer(
        [
          aSale({ total: 1234.5 }),
          aSale({
            _id: '6760c0f4a1b2c3d4e5f60731',
            orderId: '#TRX-41',
            status: 'pending',
            userId: { _id: '6760c0f4a1b2c3d4e5f60705', username: 'bob', email: 'bob@example.com' },
          }),
        ],
        onePage(45),
      ),
    });
    renderPage('/orders', <OrdersPage />);

    const table = await screen.findByRole('table', { name: 'Orders' });
    const [, first, second, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    if (!first || !second) throw new Error('expected two rows');
    expect(within(first).getByRole('link', { name: '#TRX-42' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
    expect(within(first).getByText('ann')).toBeTruthy();
    expect(within(first).getByText('ann@example.com')).toBeTruthy();
    expect(within(first).getByText('Completed')).toBeTruthy();
    expect(within(first).getByText('1,234.5 TRX')).toBeTruthy();
    // 3 cables and 1 Ledger.
    expect(within(first).getByRole('cell', { name: '4' })).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe(
      '/customers/6760c0f4a1b2c3d4e5f60705',
    );
    expect(within(second).getByText('Pending')).toBeTruthy();

    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('45 orders')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(false);
    expect(salesRequests(api)).toEqual([{ page: '1', limit: '20' }]);
  });

  it('asks the API for the chosen status from page 1 and keeps it in the URL', async () => {
    const api = startFakeApi({ method: 'GET', path: SALES, body: salesAnswer([aSale()], onePage(60, 2)) });
    const { history } = renderPage('/orders?page=2', <OrdersPage />);
    await screen.findByRole('table', { name: 'Orders' });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });

    await waitFor(() => expect(salesRequests(api)).toHaveLength(2));
    expect(salesRequests(api)).toEqual([
      { page: '2', limit: '20' },
      { status: 'completed', page: '1', limit: '20' },
    ]);
    expect(history.at(-1)).toBe('/orders?status=completed');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('completed');
  });

  it('searches by customer once asked (Enter), from page 1, in the URL and the CSV link too', async () => {
    const api = startFakeApi({ method: 'GET', path: SALES, body: salesAnswer([aSale()], onePage(60, 2)) });
    const { history } = renderPage('/orders?page=2', <OrdersPage />);
    await screen.findByRole('table', { name: 'Orders' });

    const search = screen.getByLabelText('Customer or order number');
    fireEvent.change(search, { target: { value: '  Ann@Example ' } });
    // Typing alone asks nothing: one request per keystroke would page the API for every letter.
    expect(salesRequests(api)).toHaveLength(1);
    fireEvent.submit(search);

    await waitFor(() => expect(salesRequests(api)).toHaveLength(2));
    expect(salesRequests(api).at(-1)).toEqual({ search: 'Ann@Example', page: '1', limit: '20' });
    expect(history.at(-1)).toBe('/orders?search=Ann%40Example');
    const csv = screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href') ?? '';
    expect(new URL(csv).searchParams.get('search')).toBe('Ann@Example');
  });

  it('sends From as the local midnight starting that day and To as the one ending its day, in the CSV link too', async () => {
    const api = startFakeApi({ method: 'GET', path: SALES, body: salesAnswer([aSale()], onePage(1)) });
    const { history } = renderPage('/orders', <OrdersPage />);
    await screen.findByRole('table', { name: 'Orders' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-08' } });

    // New York: 1 March is on EST (UTC-5); clocks go forward on 8 March, so 9 March starts on EDT (UTC-4).
    await waitFor(() =>
      expect(salesRequests(api).at(-1)).toEqual({
        from: '2026-03-01T05:00:00.000Z',
        to: '2026-03-09T04:00:00.000Z',
        page: '1',
        limit: '20',
      }),
    );
    expect(history.at(-1)).toBe('/orders?from=2026-03-01&to=2026-03-08');
    const csv = new URL(screen.getByRole<HTMLAnchorElement>('link', { name: 'Download CSV' }).href);
    expect(csv.pathname).toBe('/api/admin/sales/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
  });

  it('pages with Next through the API and shows where it is', async () => {
    const api = startFakeApi({ method: 'GET', path: SALES, body: salesAnswer([aSale()], onePage(45)) });
    const { history } = renderPage('/orders?status=completed', <OrdersPage />);
    await screen.findByText('Page 1 of 3');
    api.answer({
      method: 'GET',
      path: SALES,
      body: salesAnswer([aSale({ orderId: '#TRX-21' })], onePage(45, 2)),
    });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: '#TRX-21' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(salesRequests(api).at(-1)).toEqual({ status: 'completed', page: '2', limit: '20' });
    expect(history.at(-1)).toBe('/orders?status=completed&page=2');
  });

  it('sends the filters of a bookmarked address and shows them', async () => {
    const api = startFakeApi({ method: 'GET', path: SALES, body: salesAnswer([aSale()], onePage(45, 3)) });
    renderPage('/orders?status=refunded&from=2026-01-05&page=3', <OrdersPage />);

    await screen.findByRole('table', { name: 'Orders' });
    expect(salesRequests(api)).toEqual([
      { status: 'refunded', from: '2026-01-05T05:00:00.000Z', page: '3', limit: '20' },
    ]);
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('refunded');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-01-05');
  });

  it('says the shop has no orders yet when nothing is filtered', async () => {
    startFakeApi({
      method: 'GET',
      path: SALES,
      body: salesAnswer([], { total: 0, page: 1, pages: 0, limit: 20 }),
    });
    renderPage('/orders', <OrdersPage />);

    expect(await screen.findByText(/^No orders yet/)).toBeTruthy();
    expect(screen.queryByText('No orders match these filters.')).toBeNull();
  });

  it('says so when no order matches the filters', async () => {
    startFakeApi({
      method: 'GET',
      path: SALES,
      body: salesAnswer([], { total: 0, page: 1, pages: 0, limit: 20 }),
    });
    renderPage('/orders?status=failed', <OrdersPage />);

    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("shows the API's code and message when the list is refused", async () => {
    startFakeApi({
      method: 'GET',
      path: SALES,
      status: 400,
      body: errorAnswer('VALIDATION_ERROR', 'from must be before to'),
    });
    renderPage('/orders?from=2026-03-09&to=2026-03-01', <OrdersPage />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('VALIDATION_ERROR');
    expect(alert.textContent).toContain('from must be before to');
  });
});
