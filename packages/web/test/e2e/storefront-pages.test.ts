// @vitest-environment node
import { createShopClient, type Order, unwrap } from '@trx-shop/client';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Browsing, NARROW, openBrowser, WIDE } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { fundedCustomer } from './support/customers.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page may take to show what the API answers: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;
/** The catalogue's page size, as the page asks the API. */
const CATALOGUE_PAGE = 12;

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });
const productGrid = (page: Page) => page.getByRole('list', { name: 'Products' });

describe.skipIf(!browserTestsRun())(
  'every storefront page at 1440 and at 360 px wide',
  { timeout: 180_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;

    beforeAll(async () => {
      shop = await startShop();
      browsing = await openBrowser(shop.url);
    }, 120_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it.each([
      ['1440', WIDE, 'wide_shopper'],
      ['360', NARROW, 'narrow_shopper'],
    ])(
      'at %s px each page shows its heading and what the API holds; axe finds nothing serious, nothing scrolls sideways',
      async (_, viewport, username) => {
        const shopper = { email: `${username}@example.com`, username, password: `${username}-pays-in-trx` };
        const { client } = await fundedCustomer(shop, shopper);
        const guest = createShopClient({ baseUrl: shop.apiUrl });
        const { products: firstPage } = await unwrap(
          guest.GET('/api/products', { params: { query: { limit: CATALOGUE_PAGE } } }),
        );
        const [first, second] = firstPage.filter((product) => product.stock > 1);
        if (!first || !second) throw new Error('two products in stock expected on the first page');

        const page = await browsing.newPage({ viewport });
        // What a visitor meets before anything is in the cart or anyone is signed in.
        await page.goto('/cart');
        await heading(page, 'Your cart').waitFor();
        await page.getByText('Your cart is empty.').waitFor();
        await expectPageQuality(page);
        await page.goto('/orders');
        await heading(page, 'Sign in').waitFor();
        await page.getByText('Sign in to see your orders.').waitFor();
        await expectPageQuality(page);
        await page.goto('/no-such-page');
        await heading(page, 'Page not found').waitFor();
        await expectPageQuality(page);
        await page.goto('/forgot-password');
        await heading(page, 'Forgot your password?').waitFor();
        await page.getByLabel('Email').waitFor();
        await expectPageQuality(page);
        // A link no account was mailed: the API refuses it and the page says what to do.
        await page.goto('/verify-email?token=no-such-verification-token-0123456789abcdef');
        await heading(page, 'Confirm your email address').waitFor();
        await page.getByText('INVALID_VERIFICATION_TOKEN').waitFor();
        await expectPageQuality(page);

        await page.goto('/');
        await heading(page, 'Shop').waitFor();
        await expect
          .poll(() => productGrid(page).getByRole('heading', { level: 2 }).allTextContents(), SHOWN_WITHIN)
          .toEqual(firstPage.map((product) => product.name));
        await expectPageQuality(page);

        await page.goto(`/products/${first._id}`);
        await heading(page, first.name).waitFor();
        await expect
          .poll(() => page.locator('.price').textContent(), SHOWN_WITHIN)
          .toBe(trxText(first.price));
        await expectPageQuality(page);
        await page.getByRole('button', { name: `Add to cart: ${first.name}` }).click();
        await page.goto(`/products/${second._id}`);
        await heading(page, second.name).waitFor();
        await page.getByRole('button', { name: `Add to cart: ${second.name}` }).click();

        await page.goto('/cart');
        await heading(page, 'Your cart').waitFor();
        const cartLines = page.getByRole('list', { name: 'Products in your cart' });
        await expect
          .poll(() => cartLines.getByRole('link').allTextContents(), SHOWN_WITHIN)
          .toEqual([first.name, second.name]);
        await expectPageQuality(page);

        await page.goto('/register?next=%2Fcheckout');
        await heading(page, 'Create an account').waitFor();
        await page.getByRole('form', { name: 'Create an account' }).getByLabel('Username').waitFor();
        await expectPageQuality(page);

        await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
        await heading(page, 'Sign in').waitFor();
        const signIn = page.getByRole('form', { name: 'Sign in' });
        await expectPageQuality(page);
        await signIn.getByLabel('Email').fill(shopper.email);
        await signIn.getByLabel('Password').fill(shopper.password);
        await signIn.getByRole('button', { name: 'Sign in' }).click();

        // Checkout with the cart's two products, before and after the API prices the order.
        await heading(page, 'Checkout').waitFor();
        expect(new URL(page.url()).pathname).toBe('/checkout');
        await page.getByRole('button', { name: 'Place order' }).waitFor();
        await expectPageQuality(page);
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.getByTestId('total').waitFor();
        const { orders } = await unwrap(
          client.GET('/api/orders', { params: { query: { status: 'pending' } } }),
        );
        const [order] = orders as Order[];
        if (!order || orders.length !== 1)
          throw new Error(`one pending order expected, found ${orders.length}`);
        expect(order.products.map((line) => line.productId)).toEqual([first._id, second._id]);
        expect(await page.getByTestId('total').textContent()).toBe(trxText(order.total));
        await page.getByRole('button', { name: `Pay ${trxText(order.total)}` }).waitFor();
        await expectPageQuality(page);

        await page.goto('/orders');
        await heading(page, 'Your orders').waitFor();
        const row = page
          .getByRole('table', { name: 'Your orders' })
          .getByRole('row')
          .filter({ hasText: order.orderId });
        await row.getByText(trxText(order.total)).waitFor();
        await expectPageQuality(page);

        await page.goto(`/orders/${order._id}`);
        await heading(page, `Order ${order.orderId}`).waitFor();
        await expect
          .poll(() => page.getByTestId('total').textContent(), SHOWN_WITHIN)
          .toBe(trxText(order.total));
        await page.getByRole('button', { name: `Pay ${trxText(order.total)}` }).waitFor();
        await expectPageQuality(page);

        const wallet = await unwrap(client.GET('/api/wallets/balance'));
        await page.goto('/wallet');
        await heading(page, 'Your wallet').waitFor();
        await expect
          .poll(() => page.getByRole('region', { name: 'Balance' }).textContent(), SHOWN_WITHIN)
          .toContain(trxText(wallet.balance));
        await expect
          .poll(() => page.getByLabel('Your deposit address', { exact: true }).inputValue(), SHOWN_WITHIN)
          .toBe(wallet.address);
        await page.getByRole('table', { name: 'Transactions' }).waitFor();
        await expectPageQuality(page);

        const { user } = await unwrap(client.GET('/api/users/profile'));
        await page.goto('/account');
        await heading(page, 'Your account').waitFor();
        await expect
          .poll(() => page.getByLabel('Email', { exact: true }).inputValue(), SHOWN_WITHIN)
          .toBe(user.email);
        await expect
          .poll(() => page.getByLabel('Your shop wallet address').inputValue(), SHOWN_WITHIN)
          .toBe(user.wallet.address);
        await page.getByRole('region', { name: 'Signed-in devices' }).getByRole('table').waitFor();
        await expectPageQuality(page);
      },
    );
  },
);
