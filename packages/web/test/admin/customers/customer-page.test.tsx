import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import '../../support/dialog.js';
import type { components } from '@trx-shop/client';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import CustomerPage from '../../../src/admin/features/customers/routes/customer-page.js';
import { renderPage } from '../orders/render-page.js';
import { aSale, salesAnswer } from '../orders/orders-data.js';
import { aCustomer, CUSTOMER_ID, customerAnswer, errorAnswer, WALLET } from './customers-data.js';

const CUSTOMER = `/api/admin/customers/${CUSTOMER_ID}`;
const BLOCK = `/api/admin/customers/${CUSTOMER_ID}/block`;
const SALES = '/api/admin/sales';

const blockAnswer = (isActive: boolean): components['schemas']['SetCustomerActiveResponse'] => ({
  success: true,
  message: isActive ? 'User unblocked' : 'User blocked',
  user: { _id: CUSTOMER_ID, username: 'ann', email: 'ann@example.com', isActive },
});

const openCustomer = async (path = `/customers/${CUSTOMER_ID}`) => {
  const view = renderPage(path, <CustomerPage id={CUSTOMER_ID} />);
  await screen.findByRole('heading', { name: 'Customer ann', level: 1 });
  return view;
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('a customer', () => {
  it('shows their profile, spending and orders (asked for with customer=<id>, linking to each order)', async () => {
    const api = startFakeApi(
      { method: 'GET', path: CUSTOMER, body: customerAnswer(aCustomer()) },
      {
        method: 'GET',
        path: SALES,
        body: salesAnswer([aSale({ total: 149.79 })], { total: 14, page: 2, pages: 2, limit: 10 }),
      },
    );
    await openCustomer(`/customers/${CUSTOMER_ID}?page=2`);

    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('ann@example.com')).toBeTruthy();
    expect(within(profile).getByText(WALLET)).toBeTruthy();
    expect(within(profile).getByText('DE')).toBeTruthy();
    expect(within(profile).getByText('Not given')).toBeTruthy();
    expect(within(profile).getByText('On')).toBeTruthy();
    expect(within(profile).getByText('Active')).toBeTruthy();
    const spending = screen.getByRole('region', { name: 'Spending' });
    expect(within(spending).getByText('1,259.98 TRX')).toBeTruthy();
    expect(within(spending).getByText('4')).toBeTruthy();
    expect(
      within(spending).getByText('1 pending, 2 completed, 1 refunded, 0 failed, 0 cancelled'),
    ).toBeTruthy();

    const orders = await screen.findByRole('table', { name: 'Their orders' });
    const link = within(orders).getByRole('link', { name: '#TRX-42' });
    expect(link.getAttribute('href')).toBe('/orders/6760c0f4a1b2c3d4e5f60730');
    expect(within(orders).getByText('149.79 TRX')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(
      api.requestsTo('GET', SALES).map((request) => Object.fromEntries(request.url.searchParams)),
    ).toEqual([{ customer: CUSTOMER_ID, page: '2', limit: '10' }]);
  });

  it('blocks after a confirmation saying what it does, sends {isActive: false} and shows them blocked', async () => {
    const api = startFakeApi(
      { method: 'GET', path: CUSTOMER, body: customerAnswer(aCustomer()) },
      { method: 'GET', path: SALES, body: salesAnswer([], { total: 0, page: 1, pages: 0, limit: 10 }) },
      { method: 'PATCH', path: BLOCK, body: blockAnswer(false) },
    );
    await openCustomer();

    fireEvent.click(screen.getByRole('button', { name: 'Block…' }));
    const dialog = screen.getByRole('dialog', { name: 'Block ann?' });
    expect(dialog.textContent).toContain(
      'Their sessions end at once and they cannot sign in until unblocked.',
    );
    expect(api.requestsTo('PATCH', BLOCK)).toHaveLength(0);

    // What the API answers next: the customer blocked.
    api.answer({ method: 'GET', path: CUSTOMER, body: customerAnswer(aCustomer({ isActive: false })) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    await screen.findByRole('button', { name: 'Unblock…' });
    expect(api.requestsTo('PATCH', BLOCK).map((request) => request.body)).toEqual([{ isActive: false }]);
    expect(within(screen.getByRole('region', { name: 'Profile' })).getByText('Blocked')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('User blocked');
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('unblocks a blocked customer with {isActive: true}', async () => {
    const api = startFakeApi(
      { method: 'GET', path: CUSTOMER, body: customerAnswer(aCustomer({ isActive: false })) },
      { method: 'GET', path: SALES, body: salesAnswer([], { total: 0, page: 1, pages: 0, limit: 10 }) },
      { method: 'PATCH', path: BLOCK, body: blockAnswer(true) },
    );
    await openCustomer();

    fireEvent.click(screen.getByRole('button', { name: 'Unblock…' }));
    const dialog = screen.getByRole('dialog', { name: 'Unblock ann?' });
    api.answer({ method: 'GET', path: CUSTOMER, body: customerAnswer(aCustomer({ isActive: true })) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));

    await screen.findByRole('button', { name: 'Block…' });
    expect(api.requestsTo('PATCH', BLOCK).map((request) => request.body)).toEqual([{ isActive: true }]);
  });

  it('shows the API’s code and message when blocking is refused, the status unchanged', async () => {
    startFakeApi(
      { method: 'GET', path: CUSTOMER, body: customerAnswer(aCustomer()) },
      { method: 'GET', path: SALES, body: salesAnswer([], { total: 0, page: 1, pages: 0, limit: 10 }) },
      {
        method: 'PATCH',
        path: BLOCK,
        status: 403,
        body: errorAnswer('CANNOT_BLOCK_ADMIN', 'An admin account cannot be blocked'),
      },
    );
    await openCustomer();

    fireEvent.click(screen.getByRole('button', { name: 'Block…' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Block ann?' })).getByRole('button', { name: 'Block' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ann was not blocked');
    expect(alert.textContent).toContain('CANNOT_BLOCK_ADMIN');
    expect(alert.textContent).toContain('An admin account cannot be blocked');
    expect(within(screen.getByRole('region', { name: 'Profile' })).getByText('Active')).toBeTruthy();
  });

  it('shows the API’s code and message for an unknown customer', async () => {
    startFakeApi({
      method: 'GET',
      path: CUSTOMER,
      status: 404,
      body: errorAnswer('USER_NOT_FOUND', 'User not found'),
    });
    renderPage(`/customers/${CUSTOMER_ID}`, <CustomerPage id={CUSTOMER_ID} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('USER_NOT_FOUND');
    expect(alert.textContent).toContain('User not found');
    expect(screen.getByRole('heading', { name: 'Customer', level: 1 })).toBeTruthy();
  });
});
