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
    expect(screen.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout');
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
