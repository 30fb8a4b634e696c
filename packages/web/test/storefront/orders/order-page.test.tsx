import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import '../../support/dialog.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import OrderPage from '../../../src/storefront/features/orders/routes/order-page.js';
import { fakeShopperRoom } from '../../support/fake-shopper-room.js';
import {
  anOrder,
  errorAnswer,
  feeEstimate,
  inRoom,
  ORDER_ID,
  orderAnswer,
  PAYMENT_TX,
  REFUND_TX,
  SHOPPER_ID,
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
