import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import '../../support/dialog.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProductsPage from '../../../src/admin/features/products/routes/products-page.js';
import { renderPage } from '../orders/render-page.js';
import { aProduct, errorAnswer, PRODUCT_ID, productsAnswer } from './products-data.js';

const PRODUCTS = '/api/admin/products';
const onePage = (total: number, page = 1) => ({ total, page, pages: Math.ceil(total / 20), limit: 20 });

const listRequests = (api: ReturnType<typeof startFakeApi>) =>
  api.requestsTo('GET', PRODUCTS).map((request) => Object.fromEntries(request.url.searchParams));

afterEach(() => {
  cleanup();
  stopFakeApi();
});

const ARCHIVED_ID = '6760c0f4a1b2c3d4e5f60719';

describe('the products list', () => {
  it('shows a row per product: thumbnail, name linking to its page, category, both prices, stock, state', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: PRODUCTS,
      body: productsAnswer(
        [
          aProduct({ price: 1234.5, priceUsdt: 1234.000001 }),
          aProduct({
            _id: ARCHIVED_ID,
            name: 'Paper wallet',
            priceUsdt: null,
            category: 'digital',
            stock: 0,
            image: '',
            isActive: false,
          }),
        ],
        onePage(45),
      ),
    });
    renderPage('/products', <ProductsPage />);

    const table = await screen.findByRole('table', { name: 'Products' });
    const [, first, second, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    if (!first || !second) throw new Error('expected two rows');
    const image = within(first).getByRole<HTMLImageElement>('img', { name: 'Ledger Nano X' });
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/products/ledger-nano-x.png');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(within(first).getByRole('link', { name: 'Ledger Nano X' }).getAttribute('href')).toBe(
      `/products/${PRODUCT_ID}`,
    );
    expect(within(first).getByText('Physical')).toBeTruthy();
    expect(within(first).getByText('1,234.5 TRX')).toBeTruthy();
    expect(within(first).getByText('1,234.000001 USDT')).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Image', 'Name', 'Category', 'Price (TRX)', 'Price (USDT)', 'Stock', 'State']);
    const cells = within(first).getAllByRole('cell');
    expect(cells[3]?.textContent).toBe('1,234.5 TRX');
    expect(cells[4]?.textContent).toBe('1,234.000001 USDT');
    expect(within(first).getByRole('cell', { name: '25' })).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Paper wallet' }).getAttribute('href')).toBe(
      `/products/${ARCHIVED_ID}`,
    );
    expect(within(second).getByText('Out of stock')).toBeTruthy();
    expect(within(second).getAllByRole('cell')[4]?.textContent).toBe('Not sold in USDT');
    expect(within(second).getByText('Archived')).toBeTruthy();
    expect(within(second).getByText('Digital')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New product' }).getAttribute('href')).toBe('/products/new');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(listRequests(api)).toEqual([{ page: '1', limit: '20' }]);
  });

  it('asks the API for the search and category from page 1 and keeps them in the URL', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: PRODUCTS,
      body: productsAnswer([aProduct()], onePage(60, 2)),
    });
    const { history } = renderPage('/products?page=2', <ProductsPage />);
    await screen.findByRole('table', { name: 'Products' });

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'service' } });
    await waitFor(() => expect(listRequests(api)).toHaveLength(2));
    const search = screen.getByLabelText('Name or description');
    fireEvent.change(search, { target: { value: ' ledger ' } });
    fireEvent.submit(search);

    await waitFor(() => expect(listRequests(api)).toHaveLength(3));
    expect(listRequests(api)).toEqual([
      { page: '2', limit: '20' },
      { category: 'service', page: '1', limit: '20' },
      { search: 'ledger', category: 'service', page: '1', limit: '20' },
    ]);
    expect(history.at(-1)).toBe('/products?search=ledger&category=service');
  });

  it('makes an archived product active again after a confirmation, with PATCH {isActive: true}', async () => {
    const archived = aProduct({ _id: ARCHIVED_ID, name: 'Paper wallet', isActive: false });
    const api = startFakeApi(
      { method: 'GET', path: PRODUCTS, body: productsAnswer([archived], onePage(1)) },
      {
        method: 'PATCH',
        path: `${PRODUCTS}/${ARCHIVED_ID}`,
        body: { success: true, message: 'Product updated', product: { ...archived, isActive: true } },
      },
    );
    renderPage('/products', <ProductsPage />);
    await screen.findByRole('table', { name: 'Products' });

    fireEvent.click(screen.getByRole('button', { name: 'Make active…' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Paper wallet active?' });
    expect(api.requestsTo('PATCH', `${PRODUCTS}/${ARCHIVED_ID}`)).toHaveLength(0);
    api.answer({
      method: 'GET',
      path: PRODUCTS,
      body: productsAnswer([{ ...archived, isActive: true }], onePage(1)),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make active' }));

    await within(screen.getByRole('table', { name: 'Products' })).findByText('Active');
    expect(api.requestsTo('PATCH', `${PRODUCTS}/${ARCHIVED_ID}`).map((request) => request.body)).toEqual([
      { isActive: true },
    ]);
    expect(screen.queryByRole('button', { name: 'Make active…' })).toBeNull();
  });

  it('shows the API’s code and message when the list cannot be read', async () => {
    startFakeApi({
      method: 'GET',
      path: PRODUCTS,
      status: 401,
      body: errorAnswer('UNAUTHENTICATED', 'Sign in first'),
    });
    renderPage('/products', <ProductsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('UNAUTHENTICATED');
    expect(alert.textContent).toContain('Sign in first');
  });
});
