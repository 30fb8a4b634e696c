import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import CataloguePage from '../../../src/storefront/features/catalogue/routes/catalogue-page.js';
import {
  aProduct,
  EBOOK_ID,
  ebook,
  errorAnswer,
  LEDGER_ID,
  listAnswer,
  SHIRT_ID,
  shirt,
  storedCart,
} from '../catalogue-data.js';
import { renderPage } from '../render-page.js';

const PRODUCTS = '/api/products';

const listQueries = (api: ReturnType<typeof startFakeApi>) =>
  api.requestsTo('GET', PRODUCTS).map((request) => Object.fromEntries(request.url.searchParams));

const cardOf = (name: string): HTMLElement => {
  const card = screen.getByRole('link', { name }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
};

afterEach(() => {
  cleanup();
  stopFakeApi();
  window.localStorage.clear();
});

describe('the catalogue', () => {
  it('shows a card per product: image or placeholder, name to its page, price, availability', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: PRODUCTS,
      body: listAnswer([aProduct(), ebook(), shirt()]),
    });
    renderPage('/', <CataloguePage />);

    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shop');

    const ledger = cardOf('Ledger Nano X');
    expect(within(ledger).getByRole<HTMLImageElement>('img', { name: 'Ledger Nano X' }).src).toBe(
      'https://cdn.example.com/products/ledger-nano-x.png',
    );
    expect(within(ledger).getByRole('link', { name: 'Ledger Nano X' }).getAttribute('href')).toBe(
      `/products/${LEDGER_ID}`,
    );
    expect(within(ledger).getByText('149.5 TRX')).toBeTruthy();
    expect(within(ledger).getByText('In stock')).toBeTruthy();
    // The USDT prices the API gives stay hidden until checkout takes USDT.
    expect(grid.textContent).not.toMatch(/USDT|39\.9/);

    // No image, and an http one the CSP would block: both get the drawn placeholder, named.
    const book = cardOf('E-book: TRON for Shop Owners');
    const bookImage = within(book).getByRole('img', { name: 'E-book: TRON for Shop Owners' });
    expect(bookImage.tagName).toBe('SPAN');
    expect(within(book).getByText('Only 3 left')).toBeTruthy();
    const shirtCard = cardOf('TRX Shop T-Shirt');
    expect(within(shirtCard).getByRole('img', { name: 'TRX Shop T-Shirt' }).tagName).toBe('SPAN');
    expect(within(shirtCard).getByText('Out of stock')).toBeTruthy();
    expect(within(shirtCard).getByText('19.99 TRX')).toBeTruthy();

    expect(listQueries(api)).toEqual([{ page: '1', limit: '12' }]);
  });

  it('cannot add an out-of-stock product; adding one in stock stores its id and quantity, no price', async () => {
    startFakeApi({ method: 'GET', path: PRODUCTS, body: listAnswer([aProduct(), shirt()]) });
    renderPage('/', <CataloguePage />);
    await screen.findByRole('list', { name: 'Products' });

    const soldOut = within(cardOf('TRX Shop T-Shirt')).getByRole<HTMLButtonElement>('button', {
      name: 'Add to cart: TRX Shop T-Shirt',
    });
    expect(soldOut.disabled).toBe(true);
    fireEvent.click(soldOut);

    const add = within(cardOf('Ledger Nano X')).getByRole('button', { name: 'Add to cart: Ledger Nano X' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(within(cardOf('Ledger Nano X')).getByRole('status').textContent).toBe('2 in your cart');
    expect(storedCart()).toEqual([{ productId: LEDGER_ID, quantity: 2 }]);
    expect(JSON.stringify(storedCart())).not.toContain(SHIRT_ID);
  });

  it('stops adding once the cart holds the whole stock', async () => {
    startFakeApi({ method: 'GET', path: PRODUCTS, body: listAnswer([ebook({ stock: 2 })]) });
    renderPage('/', <CataloguePage />);
    await screen.findByRole('list', { name: 'Products' });
    const add = screen.getByRole<HTMLButtonElement>('button', { name: /^Add to cart/ });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(add.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('All 2 in your cart');
    expect(storedCart()).toEqual([{ productId: EBOOK_ID, quantity: 2 }]);
  });

  it('asks the API for the URL’s search, category and page, and a new filter starts from page 1', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: PRODUCTS,
      body: listAnswer([ebook()], 30, 2),
    });
    const { history } = renderPage('/?search=guide&category=digital&page=2', <CataloguePage />);
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('guide');

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'service' } });
    await waitFor(() => expect(listQueries(api)).toHaveLength(2));
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: ' tron ' } });
    fireEvent.submit(search);
    await waitFor(() => expect(listQueries(api)).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(api)).toHaveLength(4));

    expect(listQueries(api)).toEqual([
      { search: 'guide', category: 'digital', page: '2', limit: '12' },
      { search: 'guide', category: 'service', page: '1', limit: '12' },
      { search: 'tron', category: 'service', page: '1', limit: '12' },
      { search: 'tron', category: 'service', page: '2', limit: '12' },
    ]);
    expect(history.at(-1)).toBe('/?search=tron&category=service&page=2');
  });

  it('says no products match when the API finds none for the filters', async () => {
    startFakeApi({ method: 'GET', path: PRODUCTS, body: listAnswer([]) });
    renderPage('/?search=unicorn', <CataloguePage />);
    expect(await screen.findByText('No products match.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
  });

  it('shows the API’s code and message when the products cannot be read', async () => {
    startFakeApi({
      method: 'GET',
      path: PRODUCTS,
      status: 429,
      body: errorAnswer('RATE_LIMITED', 'Too many requests, retry in 10 s'),
    });
    renderPage('/', <CataloguePage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('RATE_LIMITED');
    expect(alert.textContent).toContain('Too many requests, retry in 10 s');
  });
});
