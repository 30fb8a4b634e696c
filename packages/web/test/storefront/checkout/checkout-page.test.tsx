import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readCart } from '../../../src/shared/cart/cart-store.js';
import CheckoutPage from '../../../src/storefront/features/checkout/routes/checkout-page.js';
import { fakeShopperRoom } from '../../support/fake-shopper-room.js';
import { storeCart } from '../catalogue-data.js';
import {
  anOrder,
  CABLE_ID,
  errorAnswer,
  feeEstimate,
  inRoom,
  LEDGER_ID,
  ORDER_ID,
  OTHER_ORDER_ID,
  orderAnswer,
  PAYMENT_TX,
  SHOPPER_ID,
  SHOPPER_WALLET,
  signedIn,
} from '../checkout-data.js';
import { renderPage } from '../render-page.js';

const CART = [
  { productId: LEDGER_ID, quantity: 1 },
  { productId: CABLE_ID, quantity: 3 },
];

const created = (order = anOrder()) => ({
  method: 'POST' as const,
  path: '/api/orders',
  status: 201,
  body: { success: true, order },
});

const paid = {
  method: 'POST' as const,
  path: `/api/orders/${ORDER_ID}/pay`,
  body: {
    success: true,
    message: 'Payment sent; awaiting confirmation',
    transaction: {
      hash: PAYMENT_TX,
      from: SHOPPER_WALLET,
      to: anOrder().merchantAddress,
      amount: 149.860368,
      status: 'pending',
    },
    order: anOrder({ transactionHash: PAYMENT_TX }),
  },
};

const renderCheckout = (path = '/checkout') => {
  const room = fakeShopperRoom();
  const view = renderPage(path, inRoom(room.connect, <CheckoutPage />));
  return { ...view, room };
};

afterEach(() => {
  cleanup();
  stopFakeApi();
  window.localStorage.clear();
});

describe('checkout', () => {
  it("places the order of the cart's lines, empties the cart and shows the API's pricing and the fee for its total", async () => {
    storeCart(CART);
    const api = startFakeApi(signedIn, created(), orderAnswer(anOrder()), feeEstimate());
    const { history } = renderCheckout();

    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await screen.findByRole('table');

    expect(api.requestsTo('POST', '/api/orders').map((request) => request.body)).toEqual([
      { products: CART },
    ]);
    expect(readCart()).toEqual([]);
    expect(history.at(-1)).toBe(`/checkout?order=${ORDER_ID}`);
    expect(screen.getByTestId('subtotal').textContent).toBe('149.870368 TRX');
    expect(screen.getByTestId('network-fee').textContent).toBe('-0.01 TRX');
    expect(screen.getByRole('rowheader', { name: 'Network fee reduction the shop grants' })).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('149.860368 TRX');
    expect(await screen.findByText('0.267 TRX')).toBeTruthy();
    const [estimate] = api.requestsTo('GET', '/api/wallets/fee-estimate');
    expect(estimate?.url.searchParams.get('amount')).toBe('149.860368');
    expect(screen.getByRole('button', { name: 'Pay 149.860368 TRX' })).toBeTruthy();
  });

  it('pays once on a double click and goes to the order page', async () => {
    let release = () => {};
    const api = startFakeApi(signedIn, orderAnswer(anOrder()), feeEstimate(), {
      ...paid,
      until: new Promise((resolve) => {
        release = () => resolve(undefined);
      }),
    });
    const { history } = renderCheckout(`/checkout?order=${ORDER_ID}`);
    const pay = await screen.findByRole('button', { name: 'Pay 149.860368 TRX' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));

    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByRole('button', { name: 'Sending the payment…' })).toBeTruthy();
    api.answer(orderAnswer(anOrder({ transactionHash: PAYMENT_TX })));
    release();

    await waitFor(() => expect(history.at(-1)).toBe(`/orders/${ORDER_ID}`));
    expect(api.requestsTo('POST', `/api/orders/${ORDER_ID}/pay`)).toHaveLength(1);
  });

  it("names the product short of stock with the API's message, beside the button, and links to the cart", async () => {
    storeCart(CART);
    startFakeApi(signedIn, {
      method: 'POST',
      path: '/api/orders',
      status: 400,
      body: errorAnswer('INSUFFICIENT_STOCK', 'Insufficient stock for USB cable'),
    });
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('INSUFFICIENT_STOCK');
    expect(alert.textContent).toContain('Insufficient stock for USB cable');
    expect(within(alert).getByRole('link', { name: /cart/ }).getAttribute('href')).toBe('/cart');
    expect(readCart()).toEqual(CART);
  });

  it('explains the one-pending-order rule and links to the pending order', async () => {
    storeCart(CART);
    startFakeApi(signedIn, {
      method: 'POST',
      path: '/api/orders',
      status: 409,
      body: errorAnswer('PENDING_ORDER_EXISTS', 'You already have a pending order', {
        pendingOrderId: OTHER_ORDER_ID,
      }),
    });
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('PENDING_ORDER_EXISTS');
    expect(alert.textContent).toContain('one unpaid order per shopper');
    expect(
      within(alert)
        .getByRole('link', { name: /pending order/ })
        .getAttribute('href'),
    ).toBe(`/orders/${OTHER_ORDER_ID}`);
    expect(readCart()).toEqual(CART);
  });

  it("shows the deposit address and the API's shortfall when the wallet is short, and a deposit frame enables Pay", async () => {
    const api = startFakeApi(
      signedIn,
      orderAnswer(anOrder()),
      feeEstimate({ balance: 100, spendable: 100, shortfall: 50.127368 }),
    );
    const { room } = renderCheckout(`/checkout?order=${ORDER_ID}`);

    expect((await screen.findByTestId('shortfall')).textContent).toBe('50.127368 TRX');
    expect(screen.getByLabelText<HTMLInputElement>("Your wallet's deposit address").value).toBe(
      SHOPPER_WALLET,
    );
    expect(await screen.findByRole('img', { name: /deposit address as a QR code/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay 149.860368 TRX' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(room.joinedAs).toBe(SHOPPER_ID));

    api.answer(feeEstimate({ balance: 200, spendable: 200, shortfall: 0 }));
    room.send({ event: 'wallet:deposit', id: '42', orderId: null });

    await waitFor(() => expect(screen.queryByTestId('shortfall')).toBeNull());
    expect(screen.getByRole('button', { name: 'Pay 149.860368 TRX' }).hasAttribute('disabled')).toBe(false);
    expect(api.requestsTo('GET', '/api/wallets/fee-estimate').length).toBeGreaterThanOrEqual(2);
  });

  it('shows INSUFFICIENT_BALANCE from the pay call with its code and message, then the address and shortfall', async () => {
    const api = startFakeApi(signedIn, orderAnswer(anOrder()), feeEstimate(), {
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/pay`,
      status: 400,
      body: errorAnswer('INSUFFICIENT_BALANCE', 'Insufficient balance', {
        userBalance: 100,
        requiredAmount: 150.127368,
        estimatedFee: 0.267,
      }),
    });
    renderCheckout(`/checkout?order=${ORDER_ID}`);
    const pay = await screen.findByRole('button', { name: 'Pay 149.860368 TRX' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    api.answer(feeEstimate({ balance: 100, spendable: 100, shortfall: 50.127368 }));
    fireEvent.click(pay);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('INSUFFICIENT_BALANCE');
    expect(alert.textContent).toContain('Insufficient balance');
    // The refusal reads the estimate again: the address and the API's shortfall appear.
    expect((await screen.findByTestId('shortfall')).textContent).toBe('50.127368 TRX');
    expect(screen.getByLabelText<HTMLInputElement>("Your wallet's deposit address").value).toBe(
      SHOPPER_WALLET,
    );
  });

  it('asks to fill the cart when it is empty', async () => {
    startFakeApi(signedIn);
    renderCheckout();
    expect((await screen.findByText(/Your cart is empty/)).textContent).toContain('Browse the shop');
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });
});
