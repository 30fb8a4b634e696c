import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import '../../support/dialog.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import OrderPage from '../../../src/storefront/features/orders/routes/order-page.js';
import { fakeShopperRoom } from '../../support/fake-shopper-room.js';
import {
  anOrder,
  CABLE_ID,
  errorAnswer,
  feeEstimate,
  inRoom,
  LEDGER_ID,
  MERCHANT_WALLET,
  ORDER_ID,
  OTHER_ORDER_ID,
  orderAnswer,
  PAYMENT_TX,
  REFUND_TX,
  SHOPPER_ID,
  SHOPPER_WALLET,
  signedIn,
} from '../checkout-data.js';
import { renderPage } from '../render-page.js';

const renderOrder = () => {
  const room = fakeShopperRoom();
  const view = renderPage(`/orders/${ORDER_ID}`, inRoom(room.connect, <OrderPage id={ORDER_ID} />));
  return { ...view, room };
};

afterEach(() => {
  cleanup();
  stopFakeApi();
  window.localStorage.clear();
});

const CART_KEY = 'trx-shop.cart';
const SOMETHING_ELSE = '6760c0f4a1b2c3d4e5f60799';

/** `GET /api/transactions` of the shopper's failed payments: this order's, failed for `reason`, among others. */
const failedPayments = (reason: 'EXPIRED' | 'BROADCAST_REJECTED') => ({
  method: 'GET' as const,
  path: '/api/transactions',
  body: {
    success: true,
    transactions: [aFailedPayment(OTHER_ORDER_ID, 'INSUFFICIENT_BALANCE'), aFailedPayment(ORDER_ID, reason)],
    pagination: { total: 2, page: 1, pages: 1, limit: 100 },
  },
});

const aFailedPayment = (
  orderId: string,
  failureReason: 'EXPIRED' | 'BROADCAST_REJECTED' | 'INSUFFICIENT_BALANCE',
) => ({
  _id: `6760c0f4a1b2c3d4e5f6075${orderId === ORDER_ID ? '0' : '1'}`,
  userId: SHOPPER_ID,
  orderId,
  type: 'purchase' as const,
  amount: 149.860368,
  currency: 'TRX' as const,
  network: 'TRC-20' as const,
  transactionHash: PAYMENT_TX,
  fromAddress: SHOPPER_WALLET,
  toAddress: MERCHANT_WALLET,
  status: 'failed' as const,
  confirmations: 0,
  blockNumber: null,
  fee: 0,
  failureReason,
  createdAt: '2026-03-01T10:31:00.000Z',
  updatedAt: '2026-03-01T10:32:00.000Z',
});

describe('the order page', () => {
  it('shows the status, the totals as the API gives them, the payment txid and the refunds', async () => {
    startFakeApi(
      signedIn,
      orderAnswer(
        anOrder({
          status: 'completed',
          transactionHash: PAYMENT_TX,
          refundedAmount: 10.5,
          refundableAmount: 139.360368,
          refunds: [
            {
              amount: 10.5,
              reason: 'Cable arrived broken',
              status: 'confirmed',
              txHash: REFUND_TX,
              createdAt: '2026-03-02T08:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #TRX-42' })).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('149.860368 TRX');
    expect(screen.getByLabelText<HTMLInputElement>('Transaction id (txid)').value).toBe(PAYMENT_TX);
    const refunds = screen.getByRole('table', { name: 'Refunds' });
    const row = within(refunds).getAllByRole('row')[1];
    if (!row) throw new Error('no refund row');
    expect(row.textContent).toContain('10.5 TRX');
    expect(row.textContent).toContain('Cable arrived broken');
    expect(row.textContent).toContain('Confirmed');
    expect(row.textContent).toContain(REFUND_TX);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('turns to Completed when the confirmation frame arrives, without a reload', async () => {
    const api = startFakeApi(signedIn, orderAnswer(anOrder({ transactionHash: PAYMENT_TX })));
    const { room } = renderOrder();
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(screen.getByText(/waiting for the network to confirm/)).toBeTruthy();
    await waitFor(() => expect(room.joinedAs).toBe(SHOPPER_ID));

    api.answer(orderAnswer(anOrder({ status: 'completed', transactionHash: PAYMENT_TX })));
    room.send({ event: 'transaction:confirmed', id: '7', orderId: ORDER_ID });

    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.getByText('Confirmed on the TRON network.')).toBeTruthy();
  });

  it('pays a pending order from the page', async () => {
    const api = startFakeApi(signedIn, orderAnswer(anOrder()), feeEstimate(), {
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/pay`,
      body: {
        success: true,
        message: 'Payment sent; awaiting confirmation',
        transaction: { hash: PAYMENT_TX, from: 'a', to: 'b', amount: 149.860368, status: 'pending' },
        order: anOrder({ transactionHash: PAYMENT_TX }),
      },
    });
    renderOrder();
    const pay = await screen.findByRole('button', { name: 'Pay 149.860368 TRX' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    api.answer(orderAnswer(anOrder({ transactionHash: PAYMENT_TX })));
    fireEvent.click(pay);

    expect(await screen.findByText(/waiting for the network to confirm/)).toBeTruthy();
    expect(api.requestsTo('POST', `/api/orders/${ORDER_ID}/pay`)).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>('Transaction id (txid)').value).toBe(PAYMENT_TX);
  });

  it('cancels a pending order after the confirmation', async () => {
    const api = startFakeApi(signedIn, orderAnswer(anOrder()), feeEstimate(), {
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/cancel`,
      body: { success: true, message: 'Order cancelled', order: anOrder({ status: 'cancelled' }) },
    });
    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(api.requestsTo('POST', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
    api.answer(orderAnswer(anOrder({ status: 'cancelled' })));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));

    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(api.requestsTo('POST', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('says why a failed order failed and "Try again" puts exactly its lines in the cart and goes to checkout', async () => {
    const api = startFakeApi(
      signedIn,
      orderAnswer(anOrder({ status: 'failed', transactionHash: PAYMENT_TX })),
      failedPayments('EXPIRED'),
    );
    window.localStorage.setItem(CART_KEY, JSON.stringify([{ productId: SOMETHING_ELSE, quantity: 2 }]));
    const { history } = renderOrder();

    expect(await screen.findByText('Failed')).toBeTruthy();
    const reason = await screen.findByTestId('failure-reason');
    expect(reason.textContent).toContain('the payment expired before the network included it in a block');
    expect(reason.textContent).toContain('EXPIRED');
    expect(
      api
        .requestsTo('GET', '/api/transactions')
        .map((request) => Object.fromEntries(request.url.searchParams)),
    ).toEqual([{ type: 'purchase', status: 'failed', limit: '100' }]);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(JSON.parse(window.localStorage.getItem(CART_KEY) ?? 'null')).toEqual([
      { productId: LEDGER_ID, quantity: 1 },
      { productId: CABLE_ID, quantity: 3 },
    ]);
    expect(history.at(-1)).toBe('/checkout');
    expect(api.requestsTo('POST', /^\/api\/orders/)).toHaveLength(0);
  });

  it('shows the failure and "Try again" when the failure frame arrives on an open page', async () => {
    const api = startFakeApi(signedIn, orderAnswer(anOrder({ transactionHash: PAYMENT_TX })));
    const { room } = renderOrder();
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(room.joinedAs).toBe(SHOPPER_ID));

    api.answer(
      orderAnswer(anOrder({ status: 'failed', transactionHash: PAYMENT_TX })),
      failedPayments('BROADCAST_REJECTED'),
    );
    room.send({ event: 'transaction:failed', id: '8', orderId: ORDER_ID });

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect((await screen.findByTestId('failure-reason')).textContent).toContain(
      'the network rejected the payment',
    );
  });

  it("shows the API's code and message when the order cannot be read", async () => {
    startFakeApi(signedIn, {
      method: 'GET',
      path: `/api/orders/${ORDER_ID}`,
      status: 404,
      body: errorAnswer('ORDER_NOT_FOUND', 'Order not found'),
    });
    renderOrder();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ORDER_NOT_FOUND');
    expect(alert.textContent).toContain('Order not found');
  });
});
