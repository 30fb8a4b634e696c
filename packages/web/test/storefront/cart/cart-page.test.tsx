import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '../../../src/storefront/app/shell.js';
import CartPage from '../../../src/storefront/features/cart/routes/cart-page.js';
import CataloguePage from '../../../src/storefront/features/catalogue/routes/catalogue-page.js';
import {
  aProduct,
  EBOOK_ID,
  ebook,
  errorAnswer,
  LEDGER_ID,
  listAnswer,
  productAnswer,
  SHIRT_ID,
  shirt,
  storeCart,
  storedCart,
} from '../catalogue-data.js';
import { renderPage } from '../render-page.js';
import { aQuote, quoteAnswer } from './quote-data.js';

const SIGNED_OUT = {
  method: 'GET',
  path: '/api/auth/profile',
  status: 401,
  body: errorAnswer('UNAUTHENTICATED', 'Authentication required'),
} as const;

const productAnswers = () =>
  [
    { method: 'GET', path: `/api/products/${LEDGER_ID}`, body: productAnswer(aProduct()) },
    { method: 'GET', path: `/api/products/${EBOOK_ID}`, body: productAnswer(ebook()) },
    quoteAnswer(),
  ] as const;

const lineOf = (name: string): HTMLElement => {
  const line = screen.getByRole('link', { name }).closest('li');
  if (!line) throw new Error(`no cart line for ${name}`);
  return line;
};

afterEach(() => {
  cleanup();
  stopFakeApi();
  window.localStorage.clear();
});

describe('the cart', () => {
  it('keeps what was added across a remount, reading the prices from the API again', async () => {
    const api = startFakeApi(
      { method: 'GET', path: '/api/products', body: listAnswer([aProduct(), ebook()]) },
      ...productAnswers(),
    );
    renderPage('/', <CataloguePage />);
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Ledger Nano X' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: E-book: TRON for Shop Owners' }));
    cleanup();

    renderPage('/cart', <CartPage />);
    const lines = await screen.findByRole('list', { name: 'Products in your cart' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lineOf('Ledger Nano X')).getByText('149.5 TRX')).toBeTruthy();
    expect(within(lineOf('E-book: TRON for Shop Owners')).getByText('12.5 TRX')).toBeTruthy();
    expect(screen.getByText('2 items')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Check out' })).getAttribute('href')).toBe('/checkout');
    expect(api.requestsTo('GET', `/api/products/${LEDGER_ID}`)).toHaveLength(1);
    expect(api.requestsTo('GET', `/api/products/${EBOOK_ID}`)).toHaveLength(1);
  });

  it('takes a quantity only within the stock, and Remove takes the line out', async () => {
    startFakeApi(...productAnswers());
    storeCart([
      { productId: LEDGER_ID, quantity: 1 },
      { productId: EBOOK_ID, quantity: 1 },
    ]);
    renderPage('/cart', <CartPage />);
    await screen.findByRole('list', { name: 'Products in your cart' });

    const quantity = screen.getByLabelText<HTMLInputElement>('Quantity of E-book: TRON for Shop Owners');
    expect(quantity.max).toBe('3');
    fireEvent.change(quantity, { target: { value: '4' } });
    expect(within(lineOf('E-book: TRON for Shop Owners')).getByText('Choose from 1 to 3')).toBeTruthy();
    expect(storedCart()).toEqual([
      { productId: LEDGER_ID, quantity: 1 },
      { productId: EBOOK_ID, quantity: 1 },
    ]);
    fireEvent.change(quantity, { target: { value: '3' } });
    expect(storedCart()).toEqual([
      { productId: LEDGER_ID, quantity: 1 },
      { productId: EBOOK_ID, quantity: 3 },
    ]);
    expect(screen.getByText('4 items')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove: Ledger Nano X' }));
    expect(storedCart()).toEqual([{ productId: EBOOK_ID, quantity: 3 }]);
    expect(screen.queryByRole('link', { name: 'Ledger Nano X' })).toBeNull();
  });

  it('removes products no longer sold or out of stock and shrinks a quantity above the stock, saying so', async () => {
    startFakeApi(
      {
        method: 'GET',
        path: `/api/products/${LEDGER_ID}`,
        status: 404,
        body: errorAnswer('PRODUCT_NOT_FOUND', 'Product not found'),
      },
      { method: 'GET', path: `/api/products/${SHIRT_ID}`, body: productAnswer(shirt()) },
      { method: 'GET', path: `/api/products/${EBOOK_ID}`, body: productAnswer(ebook()) },
      quoteAnswer(),
    );
    storeCart([
      { productId: LEDGER_ID, quantity: 1 },
      { productId: SHIRT_ID, quantity: 2 },
      { productId: EBOOK_ID, quantity: 7 },
    ]);
    renderPage('/cart', <CartPage />);

    const note = await screen.findByText('Your cart was updated');
    const notes = within(note.parentElement as HTMLElement);
    expect(notes.getByText('A product in your cart is no longer sold: it was removed.')).toBeTruthy();
    expect(notes.getByText('TRX Shop T-Shirt is out of stock: it was removed from your cart.')).toBeTruthy();
    expect(
      notes.getByText('Only 3 of E-book: TRON for Shop Owners are left: your cart now holds 3.'),
    ).toBeTruthy();
    await waitFor(() => expect(storedCart()).toEqual([{ productId: EBOOK_ID, quantity: 3 }]));
    expect(screen.getByLabelText<HTMLInputElement>('Quantity of E-book: TRON for Shop Owners').value).toBe(
      '3',
    );
  });

  it('keeps a line whose product could not be read, showing the API’s code, and holds back checkout', async () => {
    startFakeApi({
      method: 'GET',
      path: `/api/products/${LEDGER_ID}`,
      status: 500,
      body: errorAnswer('INTERNAL_ERROR', 'Internal server error'),
    });
    storeCart([{ productId: LEDGER_ID, quantity: 2 }]);
    renderPage('/cart', <CartPage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('INTERNAL_ERROR');
    expect(storedCart()).toEqual([{ productId: LEDGER_ID, quantity: 2 }]);
    expect(screen.queryByRole('link', { name: 'Check out' })).toBeNull();
  });

  it('says the cart is empty, with a link to the shop', async () => {
    startFakeApi();
    renderPage('/cart', <CartPage />);
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/');
  });
});

/** A promise the test resolves when it chooses, to hold an answer back. */
const gate = () => {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open: () => open() };
};

/** The summary's amount of one kind (subtotal, network fee, total), as the page shows it. */
const shown = (what: 'subtotal' | 'network-fee' | 'total') => screen.getByTestId(`quote-${what}`).textContent;

describe('the cart’s price, as the API quotes it', () => {
  it('shows the subtotal, the shop’s network fee reduction and the total the API quotes for the cart’s lines', async () => {
    const api = startFakeApi(...productAnswers());
    api.answer(quoteAnswer(aQuote({ subtotal: 174.5, networkFee: -0.01, total: 174.49 })));
    storeCart([
      { productId: LEDGER_ID, quantity: 1 },
      { productId: EBOOK_ID, quantity: 2 },
    ]);
    renderPage('/cart', <CartPage />);

    await screen.findByTestId('quote-total');
    expect(shown('subtotal')).toBe('174.5 TRX');
    expect(shown('network-fee')).toBe('-0.01 TRX');
    expect(shown('total')).toBe('174.49 TRX');
    expect(screen.getByText('Network fee reduction (granted by the shop)')).toBeTruthy();
    expect(screen.getByText(/The network fee your payment burns is shown at checkout/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout');
    expect(api.requestsTo('POST', '/api/orders/quote').map((request) => request.body)).toEqual([
      {
        products: [
          { productId: LEDGER_ID, quantity: 1 },
          { productId: EBOOK_ID, quantity: 2 },
        ],
      },
    ]);
  });

  it('asks again when a quantity changes, showing “Pricing your cart” and no checkout until the API answers', async () => {
    const api = startFakeApi(...productAnswers());
    storeCart([{ productId: EBOOK_ID, quantity: 1 }]);
    renderPage('/cart', <CartPage />);
    await screen.findByTestId('quote-total');
    expect(shown('total')).toBe('161.99 TRX');

    const answer = gate();
    api.answer(quoteAnswer(aQuote({ subtotal: 25, total: 24.99 }), answer.promise));
    fireEvent.change(screen.getByLabelText('Quantity of E-book: TRON for Shop Owners'), {
      target: { value: '2' },
    });
    await screen.findByText('Pricing your cart…');
    expect(screen.queryByTestId('quote-total')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Check out' })).toBeNull();

    answer.open();
    await waitFor(() => expect(screen.queryByTestId('quote-total')?.textContent).toBe('24.99 TRX'));
    expect(shown('subtotal')).toBe('25 TRX');
    expect(api.requestsTo('POST', '/api/orders/quote').at(-1)?.body).toEqual({
      products: [{ productId: EBOOK_ID, quantity: 2 }],
    });
    expect(screen.getByRole('link', { name: 'Check out' })).toBeTruthy();
  });

  it('shows the API’s code and message when it refuses the quote, holds back checkout and reads the products again to prune the cart', async () => {
    const refusal = gate();
    const api = startFakeApi(...productAnswers(), {
      method: 'POST',
      path: '/api/orders/quote',
      status: 400,
      body: errorAnswer('INSUFFICIENT_STOCK', 'Insufficient stock for E-book: TRON for Shop Owners'),
      until: refusal.promise,
    });
    storeCart([{ productId: EBOOK_ID, quantity: 3 }]);
    renderPage('/cart', <CartPage />);
    await screen.findByText('Pricing your cart…');

    // Sold since the cart was read: read again, the product has 1 left.
    const reread = gate();
    api.answer(
      {
        method: 'GET',
        path: `/api/products/${EBOOK_ID}`,
        body: productAnswer(ebook({ stock: 1 })),
        until: reread.promise,
      },
      quoteAnswer(aQuote({ subtotal: 12.5, total: 12.49 })),
    );
    refusal.open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The shop could not price your cart');
    expect(alert.textContent).toContain('INSUFFICIENT_STOCK');
    expect(alert.textContent).toContain('Insufficient stock for E-book: TRON for Shop Owners');
    expect(screen.queryByRole('link', { name: 'Check out' })).toBeNull();
    await waitFor(() => expect(api.requestsTo('GET', `/api/products/${EBOOK_ID}`)).toHaveLength(2));

    reread.open();
    await waitFor(() => expect(storedCart()).toEqual([{ productId: EBOOK_ID, quantity: 1 }]));
    expect(
      await screen.findByText('Only 1 of E-book: TRON for Shop Owners is left: your cart now holds 1.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('quote-total')?.textContent).toBe('12.49 TRX'));
    expect(api.requestsTo('POST', '/api/orders/quote').at(-1)?.body).toEqual({
      products: [{ productId: EBOOK_ID, quantity: 1 }],
    });
    expect(screen.getByRole('link', { name: 'Check out' })).toBeTruthy();
  });

  it('asks for no quote while a product could not be read, and says why', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: `/api/products/${LEDGER_ID}`,
      status: 500,
      body: errorAnswer('INTERNAL_ERROR', 'Internal server error'),
    });
    storeCart([{ productId: LEDGER_ID, quantity: 1 }]);
    renderPage('/cart', <CartPage />);
    await screen.findByText('The shop prices your cart once every product in it could be read.', undefined, {
      timeout: 10_000,
    });
    expect(api.requestsTo('POST', '/api/orders/quote')).toEqual([]);
  });
});

describe('the cart in the navigation', () => {
  it('counts the items added, and what another tab adds', async () => {
    startFakeApi(SIGNED_OUT, {
      method: 'GET',
      path: '/api/products',
      body: listAnswer([aProduct(), ebook()]),
    });
    renderPage(
      '/',
      <Shell>
        <CataloguePage />
      </Shell>,
    );
    await screen.findByRole('list', { name: 'Products' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Ledger Nano X' }));
    expect(within(nav).getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: E-book: TRON for Shop Owners' }));
    expect(within(nav).getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();

    // Another tab writes the storage; this one hears of it through the storage event.
    const elsewhere = JSON.stringify([
      { productId: LEDGER_ID, quantity: 1 },
      { productId: EBOOK_ID, quantity: 3 },
    ]);
    act(() => {
      window.localStorage.setItem('trx-shop.cart', elsewhere);
      window.dispatchEvent(new StorageEvent('storage', { key: 'trx-shop.cart', newValue: elsewhere }));
    });
    expect(within(nav).getByRole('link', { name: 'Cart, 4 items' })).toBeTruthy();
  });
});
