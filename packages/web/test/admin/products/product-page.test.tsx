import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import '../../support/dialog.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProductPage from '../../../src/admin/features/products/routes/product-page.js';
import { renderPage } from '../orders/render-page.js';
import { aProduct, errorAnswer, messageBeside, PRODUCT_ID, productAnswer } from './products-data.js';

const CREATE = '/api/admin/products';
const ADMIN_PRODUCT = `/api/admin/products/${PRODUCT_ID}`;

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('a new product', () => {
  it('refuses what the API would refuse before sending, each message beside its field', async () => {
    const api = startFakeApi();
    renderPage('/products/new', <ProductPage />);
    await screen.findByRole('heading', { name: 'New product', level: 1 });

    type('Name', '   ');
    type('Price (TRX)', '1.1234567');
    type('Price in USDT (optional)', '2.0000001');
    type('Stock', '1.5');
    type('Image URL', 'ftp://cdn.example.com/a.png');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(messageBeside(field('Name'))).toBe('name must be 1 to 200 characters');
    expect(messageBeside(field('Price (TRX)'))).toBe('price has more than 6 decimals');
    expect(messageBeside(field('Price in USDT (optional)'))).toBe('priceUsdt has more than 6 decimals');
    expect(messageBeside(field('Category'))).toBe('category must be digital, physical or service');
    expect(messageBeside(field('Stock'))).toBe('stock must be a whole number of at least 0');
    expect(messageBeside(field('Image URL'))).toBe('image must be an http or https URL');
    expect(field('Price (TRX)').getAttribute('aria-invalid')).toBe('true');

    type('Price (TRX)', '0');
    type('Price in USDT (optional)', '0.000000');
    type('Stock', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(messageBeside(field('Price (TRX)'))).toBe('price must be greater than 0');
    expect(messageBeside(field('Price in USDT (optional)'))).toBe('priceUsdt must be greater than 0');
    expect(messageBeside(field('Stock'))).toBe('stock must be a whole number of at least 0');
    type('Price (TRX)', '1000000.000001');
    type('Price in USDT (optional)', '1000000.000001');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(messageBeside(field('Price (TRX)'))).toBe('price must be at most 1000000 TRX');
    expect(messageBeside(field('Price in USDT (optional)'))).toBe('priceUsdt must be at most 1000000 USDT');
    for (const typed of ['-1', '1e3', '12,5', 'ten']) {
      type('Price in USDT (optional)', typed);
      fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
      expect(messageBeside(field('Price in USDT (optional)')), typed).toBe(
        'priceUsdt must be a decimal amount in USDT',
      );
    }
    expect(api.requests).toHaveLength(0);
  });

  it('creates the product with the typed fields (price as typed) and goes to its page', async () => {
    const created = aProduct({ price: 0.000001, stock: 7 });
    const api = startFakeApi(
      {
        method: 'POST',
        path: CREATE,
        status: 201,
        body: { success: true, message: 'Product created', product: created },
      },
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(created) },
    );
    const { history } = renderPage('/products/new', <ProductPage />);
    await screen.findByRole('heading', { name: 'New product', level: 1 });

    type('Name', ' Ledger Nano X ');
    type('Description', 'Hardware wallet with Bluetooth');
    type('Price (TRX)', '0.000001');
    fireEvent.change(field('Category'), { target: { value: 'physical' } });
    type('Stock', '7');
    type('Image URL', 'https://cdn.example.com/products/ledger-nano-x.png');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(history.at(-1)).toBe(`/products/${PRODUCT_ID}`));
    expect(api.requestsTo('POST', CREATE).map((request) => request.body)).toEqual([
      {
        name: 'Ledger Nano X',
        description: 'Hardware wallet with Bluetooth',
        price: '0.000001',
        priceUsdt: null,
        category: 'physical',
        stock: 7,
        image: 'https://cdn.example.com/products/ledger-nano-x.png',
        isActive: true,
      },
    ]);
  });

  it('sends the USDT price typed as a JSON number in USDT, beside the TRX price as typed', async () => {
    const created = aProduct({ price: 149.5, priceUsdt: 1_000_000 });
    const api = startFakeApi(
      {
        method: 'POST',
        path: CREATE,
        status: 201,
        body: { success: true, message: 'Product created', product: created },
      },
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(created) },
    );
    const { history } = renderPage('/products/new', <ProductPage />);
    await screen.findByRole('heading', { name: 'New product', level: 1 });
    expect(messageBeside(field('Price in USDT (optional)'))).toContain('Empty: not sold in USDT');

    type('Name', 'Ledger Nano X');
    type('Price (TRX)', '149.50');
    type('Price in USDT (optional)', ' 1000000.000000 ');
    fireEvent.change(field('Category'), { target: { value: 'physical' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(history.at(-1)).toBe(`/products/${PRODUCT_ID}`));
    expect(api.requestsTo('POST', CREATE).map((request) => request.body)).toEqual([
      expect.objectContaining({ price: '149.50', priceUsdt: 1_000_000 }),
    ]);
  });

  it('goes to the page of a product created archived too, which shows it Archived', async () => {
    const created = aProduct({ isActive: false });
    const api = startFakeApi(
      {
        method: 'POST',
        path: CREATE,
        status: 201,
        body: { success: true, message: 'Product created', product: created },
      },
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(created) },
    );
    const { history } = renderPage('/products/new', <ProductPage />);
    await screen.findByRole('heading', { name: 'New product', level: 1 });

    type('Name', 'Ledger Nano X');
    type('Price (TRX)', '149.5');
    fireEvent.change(field('Category'), { target: { value: 'physical' } });
    fireEvent.click(field('Active: shown in the storefront'));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(history.at(-1)).toBe(`/products/${PRODUCT_ID}`));
    expect(
      api.requestsTo('POST', CREATE).map((request) => (request.body as { isActive: boolean }).isActive),
    ).toEqual([false]);
  });

  it('shows the API’s VALIDATION_ERROR details beside the fields they name, and its code and message', async () => {
    startFakeApi({
      method: 'POST',
      path: CREATE,
      status: 400,
      body: errorAnswer('VALIDATION_ERROR', 'name is taken by a rule the form does not know', [
        { field: 'name', message: 'name is taken by a rule the form does not know' },
        { field: 'image', message: 'image host is not allowed' },
      ]),
    });
    renderPage('/products/new', <ProductPage />);
    await screen.findByRole('heading', { name: 'New product', level: 1 });

    type('Name', 'Ledger');
    type('Price (TRX)', '10');
    fireEvent.change(field('Category'), { target: { value: 'digital' } });
    type('Image URL', 'https://blocked.example.com/a.png');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(messageBeside(field('Image URL'))).toBe('image host is not allowed'));
    expect(messageBeside(field('Name'))).toBe('name is taken by a rule the form does not know');
    expect(messageBeside(field('Price (TRX)'))).toBe('Above 0, at most 6 decimals, at most 1,000,000');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('VALIDATION_ERROR');
    expect(screen.getByRole('heading', { name: 'New product', level: 1 })).toBeTruthy();
  });
});

describe('a saved product', () => {
  it('loads it and sends only the changed fields', async () => {
    const product = aProduct();
    const api = startFakeApi(
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(product) },
      {
        method: 'PATCH',
        path: ADMIN_PRODUCT,
        body: {
          success: true,
          message: 'Product updated',
          product: { ...product, price: 139.95, stock: 40 },
        },
      },
    );
    renderPage(`/products/${PRODUCT_ID}`, <ProductPage id={PRODUCT_ID} />);
    await screen.findByRole('heading', { name: 'Product Ledger Nano X', level: 1 });
    expect(field('Price (TRX)')).toHaveProperty('value', '149.5');
    expect(field('Category')).toHaveProperty('value', 'physical');

    // The same price written differently is no change.
    type('Price (TRX)', '149.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('status').textContent).toBe('Nothing changed, so nothing was sent.');
    expect(api.requestsTo('PATCH', ADMIN_PRODUCT)).toHaveLength(0);

    type('Price (TRX)', '139.95');
    type('Stock', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Product updated');
    expect(api.requestsTo('PATCH', ADMIN_PRODUCT).map((request) => request.body)).toEqual([
      { price: '139.95', stock: 40 },
    ]);
  });

  it('shows its USDT price, sends a changed one as a number, and a cleared one as null (not sold in USDT)', async () => {
    const product = aProduct({ priceUsdt: 0.000001 });
    const updated = { ...product, priceUsdt: 42.5, updatedAt: '2026-01-13T08:00:00.000Z' };
    const api = startFakeApi(
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(product) },
      {
        method: 'PATCH',
        path: ADMIN_PRODUCT,
        body: { success: true, message: 'Product updated', product: updated },
      },
    );
    renderPage(`/products/${PRODUCT_ID}`, <ProductPage id={PRODUCT_ID} />);
    await screen.findByRole('heading', { name: 'Product Ledger Nano X', level: 1 });
    // Plain decimals, never the 1e-6 String() would give.
    expect(field('Price in USDT (optional)')).toHaveProperty('value', '0.000001');

    // The same amount written differently is no change.
    type('Price in USDT (optional)', '0.0000010');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(messageBeside(field('Price in USDT (optional)'))).toBe('priceUsdt has more than 6 decimals');
    type('Price in USDT (optional)', '0.000001');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('status').textContent).toBe('Nothing changed, so nothing was sent.');

    type('Price in USDT (optional)', '42.50');
    api.answer({ method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(updated) });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Product updated');
    await waitFor(() => expect(field('Price in USDT (optional)')).toHaveProperty('value', '42.5'));

    const cleared = { ...updated, priceUsdt: null, updatedAt: '2026-01-13T09:00:00.000Z' };
    api.answer(
      {
        method: 'PATCH',
        path: ADMIN_PRODUCT,
        body: { success: true, message: 'Product updated', product: cleared },
      },
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(cleared) },
    );
    type('Price in USDT (optional)', '  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.requestsTo('PATCH', ADMIN_PRODUCT)).toHaveLength(2));
    await waitFor(() => expect(field('Price in USDT (optional)')).toHaveProperty('value', ''));
    expect(api.requestsTo('PATCH', ADMIN_PRODUCT).map((request) => request.body)).toEqual([
      { priceUsdt: 42.5 },
      { priceUsdt: null },
    ]);
  });

  it('places the API’s refusal of the USDT price beside its field, with the code and message', async () => {
    startFakeApi(
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(aProduct()) },
      {
        method: 'PATCH',
        path: ADMIN_PRODUCT,
        status: 400,
        body: errorAnswer('VALIDATION_ERROR', 'priceUsdt must be at most 1000000 USDT', [
          { field: 'priceUsdt', message: 'priceUsdt must be at most 1000000 USDT' },
        ]),
      },
    );
    renderPage(`/products/${PRODUCT_ID}`, <ProductPage id={PRODUCT_ID} />);
    await screen.findByRole('heading', { name: 'Product Ledger Nano X', level: 1 });
    type('Price in USDT (optional)', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(messageBeside(field('Price in USDT (optional)'))).toBe('priceUsdt must be at most 1000000 USDT'),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('VALIDATION_ERROR');
    expect(alert.textContent).toContain('priceUsdt must be at most 1000000 USDT');
  });

  it('archives it after a confirmation saying what happens, then shows it Archived with Make active', async () => {
    const api = startFakeApi(
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(aProduct()) },
      { method: 'DELETE', path: ADMIN_PRODUCT, body: { success: true, message: 'Product archived' } },
    );
    const { history } = renderPage(`/products/${PRODUCT_ID}`, <ProductPage id={PRODUCT_ID} />);
    await screen.findByRole('heading', { name: 'Product Ledger Nano X', level: 1 });
    const state = screen.getByRole('region', { name: 'State' });
    expect(within(state).getByText('Active')).toBeTruthy();
    expect(within(state).queryByRole('button', { name: 'Make active…' })).toBeNull();

    fireEvent.click(within(state).getByRole('button', { name: 'Archive…' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Ledger Nano X?' });
    expect(dialog.textContent).toContain('It leaves the storefront; orders keep it.');
    expect(api.requestsTo('DELETE', ADMIN_PRODUCT)).toHaveLength(0);
    // What the API answers once the product is archived.
    api.answer({
      method: 'GET',
      path: ADMIN_PRODUCT,
      body: productAnswer(aProduct({ isActive: false, updatedAt: '2026-01-13T08:00:00.000Z' })),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await within(state).findByText('Archived');
    expect(within(state).getByRole('button', { name: 'Make active…' })).toBeTruthy();
    expect(within(state).queryByRole('button', { name: 'Archive…' })).toBeNull();
    expect(api.requestsTo('DELETE', ADMIN_PRODUCT)).toHaveLength(1);
    expect(api.requestsTo('GET', ADMIN_PRODUCT)).toHaveLength(2);
    expect(history.at(-1)).toBe(`/products/${PRODUCT_ID}`);
  });

  it('opens an archived product through getAdminProduct and makes it active again after a confirmation', async () => {
    const archived = aProduct({ isActive: false });
    const api = startFakeApi(
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(archived) },
      {
        method: 'PATCH',
        path: ADMIN_PRODUCT,
        body: { success: true, message: 'Product updated', product: { ...archived, isActive: true } },
      },
    );
    renderPage(`/products/${PRODUCT_ID}`, <ProductPage id={PRODUCT_ID} />);
    await screen.findByRole('heading', { name: 'Product Ledger Nano X', level: 1 });
    const state = screen.getByRole('region', { name: 'State' });
    expect(within(state).getByText('Archived')).toBeTruthy();
    expect(
      within(state).getByText('Not in the storefront; past orders and statistics keep it.'),
    ).toBeTruthy();
    expect(field('Price (TRX)')).toHaveProperty('value', '149.5');
    expect(api.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET ${ADMIN_PRODUCT}`,
    ]);

    fireEvent.click(within(state).getByRole('button', { name: 'Make active…' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Ledger Nano X active?' });
    expect(dialog.textContent).toContain('It returns to the storefront');
    expect(api.requestsTo('PATCH', ADMIN_PRODUCT)).toHaveLength(0);
    api.answer({
      method: 'GET',
      path: ADMIN_PRODUCT,
      body: productAnswer({ ...archived, isActive: true, updatedAt: '2026-01-13T08:00:00.000Z' }),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make active' }));

    await within(state).findByText('Active');
    expect(within(state).getByRole('button', { name: 'Archive…' })).toBeTruthy();
    expect(api.requestsTo('PATCH', ADMIN_PRODUCT).map((request) => request.body)).toEqual([
      { isActive: true },
    ]);
  });

  it('shows the API’s code and message when making it active is refused, and keeps it Archived', async () => {
    startFakeApi(
      { method: 'GET', path: ADMIN_PRODUCT, body: productAnswer(aProduct({ isActive: false })) },
      {
        method: 'PATCH',
        path: ADMIN_PRODUCT,
        status: 403,
        body: errorAnswer('FORBIDDEN', 'Admin access required'),
      },
    );
    renderPage(`/products/${PRODUCT_ID}`, <ProductPage id={PRODUCT_ID} />);
    await screen.findByRole('heading', { name: 'Product Ledger Nano X', level: 1 });
    const state = screen.getByRole('region', { name: 'State' });
    fireEvent.click(within(state).getByRole('button', { name: 'Make active…' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Make Ledger Nano X active?' })).getByRole('button', {
        name: 'Make active',
      }),
    );

    const alert = await within(state).findByRole('alert');
    expect(alert.textContent).toContain('FORBIDDEN');
    expect(alert.textContent).toContain('Admin access required');
    expect(within(state).getByText('Archived')).toBeTruthy();
  });

  it('shows the API’s code and message for a product getAdminProduct does not find', async () => {
    startFakeApi({
      method: 'GET',
      path: ADMIN_PRODUCT,
      status: 404,
      body: errorAnswer('PRODUCT_NOT_FOUND', 'Product not found'),
    });
    renderPage(`/products/${PRODUCT_ID}`, <ProductPage id={PRODUCT_ID} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('PRODUCT_NOT_FOUND');
    expect(alert.textContent).toContain('Product not found');
    expect(screen.getByRole('heading', { name: 'Product', level: 1 })).toBeTruthy();
  });
});
