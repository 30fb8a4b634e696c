import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ProductPage from '../../../src/storefront/features/catalogue/routes/product-page.js';
import {
  aProduct,
  errorAnswer,
  LEDGER_ID,
  productAnswer,
  SHIRT_ID,
  shirt,
  storeCart,
  storedCart,
} from '../catalogue-data.js';
import { renderPage } from '../render-page.js';

afterEach(() => {
  cleanup();
  stopFakeApi();
  window.localStorage.clear();
});

describe('the product page', () => {
  it('shows the product and adds the chosen quantity, bounded by what the stock leaves', async () => {
    startFakeApi({
      method: 'GET',
      path: `/api/products/${LEDGER_ID}`,
      body: productAnswer(aProduct({ stock: 5 })),
    });
    storeCart([{ productId: LEDGER_ID, quantity: 1 }]);
    renderPage(`/products/${LEDGER_ID}`, <ProductPage id={LEDGER_ID} />);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ledger Nano X');
    expect(screen.getByText('Hardware wallet with Bluetooth')).toBeTruthy();
    expect(screen.getByText('149.5 TRX')).toBeTruthy();
    // Its USDT price (39.9) stays hidden until checkout takes USDT.
    expect(document.body.textContent).not.toMatch(/USDT|39\.9/);
    expect(screen.getByText('Only 5 left')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Physical' }).getAttribute('href')).toBe('/?category=physical');
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Ledger Nano X' }).src).toBe(
      'https://cdn.example.com/products/ledger-nano-x.png',
    );

    // One is in the cart already: four more at most.
    const quantity = screen.getByLabelText<HTMLInputElement>('Quantity');
    expect(quantity.max).toBe('4');
    fireEvent.change(quantity, { target: { value: '5' } });
    expect(screen.getByText('Choose from 1 to 4')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Ledger Nano X' }));

    expect(storedCart()).toEqual([{ productId: LEDGER_ID, quantity: 4 }]);
    expect(screen.getByRole('status').textContent).toBe('4 in your cart');
    expect(screen.getByRole('link', { name: 'View your cart' }).getAttribute('href')).toBe('/cart');
  });

  it('offers no quantity and no add for a product out of stock', async () => {
    startFakeApi({ method: 'GET', path: `/api/products/${SHIRT_ID}`, body: productAnswer(shirt()) });
    renderPage(`/products/${SHIRT_ID}`, <ProductPage id={SHIRT_ID} />);
    await screen.findByRole('heading', { level: 1, name: 'TRX Shop T-Shirt' });
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Add to cart/ }).disabled).toBe(true);
  });

  it('shows the API’s PRODUCT_NOT_FOUND and its message, with a way back to the shop', async () => {
    startFakeApi({
      method: 'GET',
      path: `/api/products/${LEDGER_ID}`,
      status: 404,
      body: errorAnswer('PRODUCT_NOT_FOUND', 'Product not found'),
    });
    renderPage(`/products/${LEDGER_ID}`, <ProductPage id={LEDGER_ID} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('PRODUCT_NOT_FOUND');
    expect(alert.textContent).toContain('Product not found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Product not found');
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
  });
});
