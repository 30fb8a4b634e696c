// @vitest-environment node
import { createShopClient, unwrap } from '@trx-shop/client';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from './support/accounts.js';
import { type Browsing, NARROW, openBrowser, WIDE } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

type CatalogueQuery = { search?: string; category?: 'digital' | 'physical' | 'service' };

const productGrid = (page: Page) => page.getByRole('list', { name: 'Products' });
const cardNames = (page: Page) => productGrid(page).getByRole('heading', { level: 2 }).allTextContents();
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const cartLines = (page: Page) => page.getByRole('list', { name: 'Products in your cart' });

describe.skipIf(!browserTestsRun())(
  'the storefront: catalogue, product page and cart',
  { timeout: 120_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;

    /** The names of the first page the API answers for a query, as the catalogue asks it (12 a page). */
    const apiNames = async (query: CatalogueQuery = {}) => {
      const guest = createShopClient({ baseUrl: shop.apiUrl });
      const { products } = await unwrap(
        guest.GET('/api/products', { params: { query: { ...query, limit: 12 } } }),
      );
      return products.map((product) => product.name);
    };

    beforeAll(async () => {
      shop = await startShop();
      browsing = await openBrowser(shop.url);
    }, 120_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it('a visitor browses, filters and searches, opens a product, fills the cart and finds it after a reload', async () => {
      const page = await browsing.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
      await productGrid(page).waitFor();
      const everything = await apiNames();
      expect(everything.length).toBeGreaterThan(2);
      expect(await cardNames(page)).toEqual(everything);
      await expectPageQuality(page);

      await page.getByLabel('Category').selectOption('digital');
      const digital = await apiNames({ category: 'digital' });
      expect(digital.length).toBeLessThan(everything.length);
      await expect.poll(() => cardNames(page)).toEqual(digital);
      expect(new URL(page.url()).search).toBe('?category=digital');

      await page.getByLabel('Search').fill('theme');
      await page.getByLabel('Search').press('Enter');
      const themes = await apiNames({ category: 'digital', search: 'theme' });
      expect(themes.length).toBeGreaterThan(0);
      await expect.poll(() => cardNames(page)).toEqual(themes);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => cardNames(page)).toEqual(everything);

      // The first product from its own page, two of it; the second from its card.
      const [first, second] = everything;
      if (!first || !second) throw new Error('two products expected');
      await productGrid(page).getByRole('link', { name: first }).click();
      await page.getByRole('heading', { name: first, level: 1 }).waitFor();
      await expectPageQuality(page);
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: `Add to cart: ${first}` }).click();
      await mainNavigation(page).getByRole('link', { name: 'Cart, 2 items' }).waitFor();

      await page.getByRole('link', { name: 'Back to the shop' }).click();
      await productGrid(page)
        .getByRole('button', { name: `Add to cart: ${second}` })
        .click();
      await mainNavigation(page).getByRole('link', { name: 'Cart, 3 items' }).click();

      await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
      await cartLines(page).waitFor();
      await page.reload();
      await cartLines(page).waitFor();
      expect(await cartLines(page).getByRole('link').allTextContents()).toEqual([first, second]);
      expect(await page.getByLabel(`Quantity of ${first}`).inputValue()).toBe('2');
      expect(await page.getByLabel(`Quantity of ${second}`).inputValue()).toBe('1');
      await mainNavigation(page).getByRole('link', { name: 'Cart, 3 items' }).waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: 'Check out' }).getAttribute('href'))
        .toBe('/checkout');
      await expectPageQuality(page);
    });

    it('the cart shows the total the API quotes for its lines, and checkout’s order costs exactly that', async () => {
      const shopper = { email: 'quote@example.com', username: 'quote_shopper', password: 'quotes-in-trx-12' };
      const { client } = await registerCustomer(shop, shopper);
      const page = await browsing.newPage();
      await page.goto('/sign-in?next=%2F');
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email').fill(shopper.email);
      await form.getByLabel('Password').fill(shopper.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('banner').getByRole('link', { name: shopper.username, exact: true }).waitFor();
      await productGrid(page).waitFor();

      const { products } = await unwrap(client.GET('/api/products', { params: { query: { limit: 12 } } }));
      const [first, second] = products.filter((product) => product.stock > 2);
      if (!first || !second) throw new Error('two products with stock to spare expected');
      const addButton = (name: string) =>
        productGrid(page).getByRole('button', { name: `Add to cart: ${name}` });
      await addButton(first.name).click();
      await mainNavigation(page).getByRole('link', { name: 'Cart, 1 item' }).waitFor();
      await addButton(first.name).click();
      await mainNavigation(page).getByRole('link', { name: 'Cart, 2 items' }).waitFor();
      await addButton(second.name).click();
      await mainNavigation(page).getByRole('link', { name: 'Cart, 3 items' }).click();

      const lines = [
        { productId: first._id, quantity: 2 },
        { productId: second._id, quantity: 1 },
      ];
      const guest = createShopClient({ baseUrl: shop.apiUrl });
      const { quote } = await unwrap(guest.POST('/api/orders/quote', { body: { products: lines } }));
      const total = page.getByTestId('quote-total');
      await total.waitFor();
      expect(await total.textContent()).toBe(trxText(quote.total));
      expect(await page.getByTestId('quote-subtotal').textContent()).toBe(trxText(quote.subtotal));
      expect(await page.getByTestId('quote-network-fee').textContent()).toBe(trxText(quote.networkFee));
      await expectPageQuality(page);

      await page.getByRole('link', { name: 'Check out' }).click();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByTestId('total').waitFor();
      const { orders } = await unwrap(
        client.GET('/api/orders', { params: { query: { status: 'pending' } } }),
      );
      const [order] = orders;
      if (!order) throw new Error('the placed order expected');
      expect({
        products: order.products,
        subtotal: order.subtotal,
        networkFee: order.networkFee,
        discount: order.discount,
        total: order.total,
      }).toEqual(quote);
      expect(await page.getByTestId('total').textContent()).toBe(trxText(quote.total));
    });

    it('an unknown product shows the API’s PRODUCT_NOT_FOUND with a way back', async () => {
      const page = await browsing.newPage();
      await page.goto('/products/0123456789abcdef01234567');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('PRODUCT_NOT_FOUND');
      await page.getByRole('link', { name: 'Back to the shop' }).waitFor();
      await expectPageQuality(page);
    });

    it.each([
      ['1440', WIDE],
      ['360', NARROW],
    ])(
      'at %s px the catalogue, a product, the cart and sign-in pass the page checks',
      async (_, viewport) => {
        const page = await browsing.newPage({ viewport });
        await page.goto('/');
        await productGrid(page).waitFor();
        await expectPageQuality(page);

        const [first] = await apiNames();
        if (!first) throw new Error('a product expected');
        await productGrid(page)
          .getByRole('button', { name: `Add to cart: ${first}` })
          .click();
        await productGrid(page).getByRole('link', { name: first }).click();
        await page.getByRole('heading', { name: first, level: 1 }).waitFor();
        await expectPageQuality(page);

        await page.goto('/cart');
        await cartLines(page).waitFor();
        await page.getByTestId('quote-total').waitFor();
        await expectPageQuality(page);

        await page.goto('/sign-in');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectPageQuality(page);
      },
    );
  },
);
