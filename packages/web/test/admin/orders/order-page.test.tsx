import { type FakeAnswer, startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import '../../support/dialog.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import OrderPage from '../../../src/admin/features/orders/routes/order-page.js';
import {
  anAdmin,
  anEvent,
  anOrder,
  CUSTOMER_ID,
  CUSTOMER_WALLET,
  errorAnswer,
  historyAnswer,
  type Order,
  ORDER_ID,
  orderAnswer,
  PAYMENT_TX,
  REFUND_TX,
} from './orders-data.js';
import { fakeRoom } from '../../support/fake-room.js';
import { renderPage } from './render-page.js';

const ORDER = `/api/orders/${ORDER_ID}`;
const HISTORY = `/api/admin/orders/${ORDER_ID}/history`;
const REFUND = `/api/admin/orders/${ORDER_ID}/refund`;
const STATUS = `/api/orders/${ORDER_ID}/status`;
const VERIFY = `/api/admin/orders/${ORDER_ID}/verify-payment`;

const paidHistory = [
  anEvent('order.created', '2026-03-01T10:30:00.000Z', { total: '149.79' }),
  anEvent('payment.sent', '2026-03-01T10:30:30.000Z', { txHash: PAYMENT_TX, amount: '149.79' }),
  anEvent('payment.confirmed', '2026-03-01T10:31:00.000Z', { txHash: PAYMENT_TX, amount: '149.79' }),
  anEvent('order.completed', '2026-03-01T10:31:00.000Z', { paid: '149.79', txHash: PAYMENT_TX }),
];

const orderAt = (order: Order, history = paidHistory): FakeAnswer[] => [
  { method: 'GET', path: ORDER, body: orderAnswer(order) },
  { method: 'GET', path: HISTORY, body: historyAnswer(history) },
];

const openOrder = async () => {
  renderPage(`/orders/${ORDER_ID}`, <OrderPage id={ORDER_ID} />);
  await screen.findByRole('heading', { name: 'Order #TRX-42' });
};

const refundForm = () => screen.getByRole('form', { name: 'Refund' });

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('an order', () => {
  it('shows its lines, totals, payment, refunds and history as the API gives them', async () => {
    startFakeApi(
      ...orderAt(
        anOrder({
          refundedAmount: 20,
          refundableAmount: 129.79,
          refunds: [
            {
              amount: 20,
              reason: 'One item arrived damaged',
              status: 'confirmed',
              txHash: REFUND_TX,
              createdAt: '2026-03-02T09:00:00.000Z',
            },
          ],
        }),
        [
          ...paidHistory,
          anEvent(
            'refund.sent',
            '2026-03-02T09:00:00.000Z',
            { txHash: REFUND_TX, amount: '20', reason: 'One item arrived damaged' },
            anAdmin,
          ),
        ],
      ),
    );
    await openOrder();

    expect(screen.getByRole('link', { name: 'View the customer' }).getAttribute('href')).toBe(
      `/customers/${CUSTOMER_ID}`,
    );
    const lines = screen.getByRole('region', { name: 'Items' });
    const cable = within(lines).getByRole('row', { name: /USB cable/ });
    expect(within(cable).getByRole('cell', { name: '3' })).toBeTruthy();
    expect(within(cable).getByText('0.1 TRX')).toBeTruthy();
    expect(within(cable).getByText('0.3 TRX')).toBeTruthy();
    expect(within(within(lines).getByRole('row', { name: /Subtotal/ })).getByText('149.8 TRX')).toBeTruthy();
    expect(
      within(within(lines).getByRole('row', { name: /Network fee/ })).getByText('-0.01 TRX'),
    ).toBeTruthy();
    expect(within(within(lines).getByRole('row', { name: /^Total/ })).getByText('149.79 TRX')).toBeTruthy();

    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText(PAYMENT_TX)).toBeTruthy();
    expect(within(payment).getByText('Confirmed')).toBeTruthy();
    expect(within(payment).getByTitle('2026-03-01T10:31:00Z (UTC)')).toBeTruthy();

    const refunds = screen.getByRole('table', { name: 'Refunds' });
    const refund = within(refunds).getByRole('row', { name: /One item arrived damaged/ });
    expect(within(refund).getByText('20 TRX')).toBeTruthy();
    expect(within(refund).getByText('Confirmed')).toBeTruthy();
    expect(within(refund).getByText(REFUND_TX)).toBeTruthy();

    const history = await screen.findByRole('list', { name: 'History' });
    const events = within(history).getAllByRole('listitem');
    expect(events.map((event) => event.querySelector('strong')?.textContent)).toEqual([
      'Order placed',
      'Payment sent',
      'Payment confirmed on chain',
      'Order completed',
      'Refund sent',
    ]);
    expect(events[4]?.textContent).toContain('admin@example.com');
    expect(events[4]?.textContent).toContain('Reason: One item arrived damaged');
  });

  it('refuses a refund amount with 7 decimals before sending anything', async () => {
    const api = startFakeApi(...orderAt(anOrder()));
    await openOrder();

    fireEvent.change(within(refundForm()).getByLabelText('Amount (TRX)'), { target: { value: '1.1234567' } });
    fireEvent.change(within(refundForm()).getByLabelText('Reason'), { target: { value: 'Damaged' } });
    fireEvent.click(within(refundForm()).getByRole('button', { name: 'Refund…' }));

    expect(within(refundForm()).getByText('TRX has at most 6 decimals')).toBeTruthy();
    expect(within(refundForm()).getByLabelText('Amount (TRX)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requestsTo('POST', REFUND)).toEqual([]);
  });

  it('asks for a reason before a refund', async () => {
    const api = startFakeApi(...orderAt(anOrder()));
    await openOrder();

    fireEvent.change(within(refundForm()).getByLabelText('Amount (TRX)'), { target: { value: '1.5' } });
    fireEvent.click(within(refundForm()).getByRole('button', { name: 'Refund…' }));

    expect(within(refundForm()).getByText('Say why the money goes back')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requestsTo('POST', REFUND)).toEqual([]);
  });

  it('names the amount in the confirmation, sends exactly that, and shows the new refund pending', async () => {
    const api = startFakeApi(...orderAt(anOrder()));
    await openOrder();

    fireEvent.change(within(refundForm()).getByLabelText('Amount (TRX)'), { target: { value: '1.5' } });
    fireEvent.change(within(refundForm()).getByLabelText('Reason'), {
      target: { value: 'One item arrived damaged' },
    });
    fireEvent.click(within(refundForm()).getByRole('button', { name: 'Refund…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send this refund?' });
    expect(
      within(dialog).getByText(`Refund 1.5 TRX of #TRX-42 to ${CUSTOMER_WALLET}, the wallet that paid.`),
    ).toBeTruthy();
    expect(api.requestsTo('POST', REFUND)).toEqual([]);

    api.answer(
      {
        method: 'POST',
        path: REFUND,
        body: {
          success: true,
          message: 'Refund sent; awaiting confirmation',
          orderId: ORDER_ID,
          transaction: {
            hash: REFUND_TX,
            from: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
            to: CUSTOMER_WALLET,
            amount: 1.5,
            status: 'pending',
          },
        },
      },
      ...orderAt(
        anOrder({
          refundableAmount: 148.29,
          refunds: [
            {
              amount: 1.5,
              reason: 'One item arrived damaged',
              status: 'pending',
              txHash: REFUND_TX,
              createdAt: '2026-03-02T09:00:00.000Z',
            },
          ],
        }),
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send refund' }));

    const refunds = await screen.findByRole('table', { name: 'Refunds' });
    const refund = within(refunds).getByRole('row', { name: /One item arrived damaged/ });
    expect(within(refund).getByText('1.5 TRX')).toBeTruthy();
    expect(within(refund).getByText('Pending')).toBeTruthy();
    expect(api.requestsTo('POST', REFUND).map((request) => request.body)).toEqual([
      { amount: '1.5', reason: 'One item arrived damaged' },
    ]);
    expect(screen.getByRole('status').textContent).toContain('Refund sent; awaiting confirmation');
  });

  it('shows a refund confirmed when its frame arrives in the admin room, without a reload', async () => {
    const pendingRefund = {
      amount: 1.5,
      reason: 'One item arrived damaged',
      status: 'pending' as const,
      txHash: REFUND_TX,
      createdAt: '2026-03-02T09:00:00.000Z',
    };
    const api = startFakeApi(...orderAt(anOrder({ refundableAmount: 148.29, refunds: [pendingRefund] })));
    const room = fakeRoom();
    renderPage(`/orders/${ORDER_ID}`, <OrderPage id={ORDER_ID} />, room);
    const refunds = await screen.findByRole('table', { name: 'Refunds' });
    expect(within(refunds).getByText('Pending')).toBeTruthy();

    api.answer(
      ...orderAt(anOrder({ refundableAmount: 148.29, refunds: [{ ...pendingRefund, status: 'confirmed' }] })),
    );
    // A deposit is no order's news: it reads nothing again; the refund's frame does.
    room.send({ event: 'deposit.received', id: 'e1' });
    room.send({ event: 'refund.confirmed', id: 'e2' });

    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Refunds' })).getByText('Confirmed')).toBeTruthy(),
    );
    expect(api.requestsTo('GET', ORDER)).toHaveLength(2);
  });

  it("shows the API's code and message when it refuses the refund", async () => {
    const api = startFakeApi(...orderAt(anOrder()), {
      method: 'POST',
      path: REFUND,
      status: 400,
      body: {
        ...errorAnswer('REFUND_EXCEEDS_PAID', 'Refund exceeds what is left to refund'),
        refundable: 149.79,
      },
    });
    await openOrder();

    fireEvent.change(within(refundForm()).getByLabelText('Amount (TRX)'), { target: { value: '500' } });
    fireEvent.change(within(refundForm()).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(refundForm()).getByRole('button', { name: 'Refund…' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send this refund?' })).getByRole('button', {
        name: 'Send refund',
      }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('REFUND_EXCEEDS_PAID');
    expect(alert.textContent).toContain('Refund exceeds what is left to refund');
    expect(api.requestsTo('POST', REFUND).map((request) => request.body)).toEqual([
      { amount: '500', reason: 'Goodwill' },
    ]);
  });

  it('names what a status override does before doing it, then sends the chosen status', async () => {
    const pending = anOrder({ status: 'pending', transactionHash: null, refundableAmount: 0 });
    const api = startFakeApi(...orderAt(pending, paidHistory.slice(0, 1)));
    await openOrder();
    const form = screen.getByRole('form', { name: 'Change the status' });
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'completed', 'refunded']);

    fireEvent.change(within(form).getByLabelText('New status'), { target: { value: 'completed' } });
    fireEvent.change(within(form).getByLabelText('Transaction hash (optional)'), {
      target: { value: PAYMENT_TX },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change status…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the status by hand?' });
    expect(
      within(dialog).getByText(
        'Set #TRX-42 from pending to completed. This changes the order without moving any money.',
      ),
    ).toBeTruthy();
    api.answer(
      {
        method: 'PATCH',
        path: STATUS,
        body: { success: true, message: 'Order status updated', order: { ...pending, status: 'completed' } },
      },
      ...orderAt({ ...pending, status: 'completed', transactionHash: PAYMENT_TX }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set to completed' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Order status updated'));
    expect(api.requestsTo('PATCH', STATUS).map((request) => request.body)).toEqual([
      { status: 'completed', transactionHash: PAYMENT_TX },
    ]);
  });

  it('checks a txid is 64 hex characters, then shows what the API found', async () => {
    const failed = anOrder({ status: 'failed', transactionHash: null, refundableAmount: 0 });
    const api = startFakeApi(...orderAt(failed, paidHistory.slice(0, 1)), {
      method: 'POST',
      path: VERIFY,
      status: 400,
      body: errorAnswer('TX_NOT_FOUND', 'Transaction not found on chain'),
    });
    await openOrder();
    const form = screen.getByRole('form', { name: 'Verify a payment' });

    fireEvent.change(within(form).getByLabelText('Transaction id (txid)'), { target: { value: 'abc123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Verify payment' }));
    expect(within(form).getByText('A txid is 64 hexadecimal characters (0-9, a-f)')).toBeTruthy();
    expect(api.requestsTo('POST', VERIFY)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Transaction id (txid)'), { target: { value: PAYMENT_TX } });
    fireEvent.click(within(form).getByRole('button', { name: 'Verify payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('TX_NOT_FOUND');
    expect(alert.textContent).toContain('Transaction not found on chain');
    expect(api.requestsTo('POST', VERIFY).map((request) => request.body)).toEqual([{ txHash: PAYMENT_TX }]);
  });

  it('says when the verified payment completed the order, and shows the order completed', async () => {
    const pending = anOrder({ status: 'pending', transactionHash: null, refundableAmount: 0 });
    const completed = { ...pending, status: 'completed' as const, transactionHash: PAYMENT_TX };
    const api = startFakeApi(...orderAt(pending, paidHistory.slice(0, 1)));
    await openOrder();
    api.answer(
      {
        method: 'POST',
        path: VERIFY,
        body: {
          success: true,
          message: 'Payment verified on chain; the order is completed',
          order: completed,
        },
      },
      ...orderAt(completed),
    );

    const form = screen.getByRole('form', { name: 'Verify a payment' });
    fireEvent.change(within(form).getByLabelText('Transaction id (txid)'), { target: { value: PAYMENT_TX } });
    fireEvent.click(within(form).getByRole('button', { name: 'Verify payment' }));

    expect((await screen.findByRole('status')).textContent).toContain(
      'Payment verified on chain; the order is completed',
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Verify a payment' })).toBeNull());
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Confirmed')).toBeTruthy();
    expect(api.requestsTo('POST', VERIFY).map((request) => request.body)).toEqual([{ txHash: PAYMENT_TX }]);
  });

  it("shows the API's code and message when the order cannot be read", async () => {
    startFakeApi(
      { method: 'GET', path: ORDER, status: 404, body: errorAnswer('ORDER_NOT_FOUND', 'Order not found') },
      { method: 'GET', path: HISTORY, status: 404, body: errorAnswer('ORDER_NOT_FOUND', 'Order not found') },
    );
    renderPage(`/orders/${ORDER_ID}`, <OrderPage id={ORDER_ID} />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ORDER_NOT_FOUND');
    expect(alert.textContent).toContain('Order not found');
  });
});
