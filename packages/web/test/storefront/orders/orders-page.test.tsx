import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import OrdersPage from '../../../src/storefront/features/orders/routes/orders-page.js';
import { fakeShopperRoom } from '../../support/fake-shopper-room.js';
import { inRoom, SHOPPER_ID, signedIn } from '../checkout-data.js';
import { renderPage } from '../render-page.js';
import { anOrder, ORDER_ID, ordersAnswer } from './my-orders-data.js';

const ORDERS = '/api/orders';
const pagination = (total: number, page = 1) => ({ total, page, pages: Math.ceil(total / 10), limit: 10 });
const ordersRequests = (api: ReturnType<typeof startFakeApi>) =>
  api.requestsTo('GET', ORDERS).map((request) => Object.fromEntries(request.url.searchParams));

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the shopper’s orders', () => {
  it('shows a row per order (number linking to it, status, items, total) in the API’s order, with the pager', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: ORDERS,
      body: ordersAnswer(
        [
          anOrder(),
          anOrder({ _id: '6760c0f4a1b2c3d4e5f60731', orderId: '#TRX-41', status: 'pending', total: 0.99 }),
        ],
        pagination(25),
      ),
    });
    renderPage('/orders', <OrdersPage />);

    const table = await screen.findByRole('table', { name: 'Your orders' });
    const [, first, second, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    if (!first || !second) throw new Error('expected two rows');
    expect(within(first).getByRole('link', { name: '#TRX-42' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
    expect(within(first).getByText('Completed')).toBeTruthy();
    expect(within(first).getByRole('cell', { name: '4' })).toBeTruthy();
    expect(within(first).getByText('1,234.5 TRX')).toBeTruthy();
    expect(within(first).getByRole('time').getAttribute('datetime')).toBe('2026-03-01T10:30:00.000Z');
    expect(within(second).getByRole('link', { name: '#TRX-41' }).getAttribute('href')).toBe(
      '/orders/6760c0f4a1b2c3d4e5f60731',
    );
    expect(within(second).getByText('Pending')).toBeTruthy();
    expect(within(second).getByText('0.99 TRX')).toBeTruthy();

    expect(screen.getByText('25 orders')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(ordersRequests(api)).toEqual([{ page: '1', limit: '10' }]);
  });

  it('asks the API for the next page and keeps it in the URL', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: ORDERS,
      body: ordersAnswer([anOrder()], pagination(25)),
    });
    const { history } = renderPage('/orders', <OrdersPage />);
    await screen.findByRole('table', { name: 'Your orders' });

    api.answer({
      method: 'GET',
      path: ORDERS,
      body: ordersAnswer(
        [anOrder({ _id: '6760c0f4a1b2c3d4e5f60799', orderId: '#TRX-7' })],
        pagination(25, 2),
      ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: '#TRX-7' })).toBeTruthy();
    expect(ordersRequests(api)).toEqual([
      { page: '1', limit: '10' },
      { page: '2', limit: '10' },
    ]);
    expect(history.at(-1)).toBe('/orders?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('reads the page from the URL', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: ORDERS,
      body: ordersAnswer([anOrder()], pagination(25, 3)),
    });
    renderPage('/orders?page=3', <OrdersPage />);
    await screen.findByRole('table', { name: 'Your orders' });
    expect(ordersRequests(api)).toEqual([{ page: '3', limit: '10' }]);
  });

  it('invites a shopper without orders to the shop', async () => {
    startFakeApi({
      method: 'GET',
      path: ORDERS,
      body: ordersAnswer([], { total: 0, page: 1, pages: 0, limit: 10 }),
    });
    renderPage('/orders', <OrdersPage />);

    expect(await screen.findByText(/You have not ordered anything yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows the API’s code and message when the orders cannot be loaded', async () => {
    startFakeApi({
      method: 'GET',
      path: ORDERS,
      status: 403,
      body: { success: false, code: 'ACCOUNT_BLOCKED', error: 'Account is blocked' },
    });
    renderPage('/orders', <OrdersPage />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ACCOUNT_BLOCKED');
    expect(alert.textContent).toContain('Account is blocked');
  });

  it('says so while loading', async () => {
    let release: (value: unknown) => void = () => {};
    startFakeApi({
      method: 'GET',
      path: ORDERS,
      until: new Promise((resolve) => {
        release = resolve;
      }),
      body: ordersAnswer([anOrder()], pagination(1)),
    });
    renderPage('/orders', <OrdersPage />);
    expect(screen.getByRole('status').textContent).toContain('Loading your orders');
    release(undefined);
    await waitFor(() => expect(screen.getByRole('table', { name: 'Your orders' })).toBeTruthy());
  });

  it('follows the shopper’s room: a confirmation frame turns a pending row Completed without a reload', async () => {
    const pending = anOrder({ status: 'pending', transactionHash: null });
    const api = startFakeApi(signedIn, {
      method: 'GET',
      path: ORDERS,
      body: ordersAnswer([pending], pagination(1)),
    });
    const room = fakeShopperRoom();
    renderPage('/orders', inRoom(room.connect, <OrdersPage />));
    const table = await screen.findByRole('table', { name: 'Your orders' });
    expect(within(table).getByText('Pending')).toBeTruthy();
    await waitFor(() => expect(room.joinedAs).toBe(SHOPPER_ID));

    api.answer({ method: 'GET', path: ORDERS, body: ordersAnswer([anOrder()], pagination(1)) });
    room.send({ event: 'transaction:confirmed', id: '7', orderId: ORDER_ID });

    expect(await within(table).findByText('Completed')).toBeTruthy();
    expect(within(table).queryByText('Pending')).toBeNull();
  });
});
