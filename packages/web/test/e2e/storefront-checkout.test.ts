// @vitest-environment node
import { type Order, unwrap } from '@trx-shop/client';
import { devnetControl, eventually } from '@trx-shop/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Credentials, signedInClient } from './support/accounts.js';
import { markWindow, windowStillMarked } from './support/admin-room.js';
import { type Browsing, NARROW, openBrowser, WIDE } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { CHAIN_WAIT_MS, fundedCustomer, type ShopClient } from './support/customers.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';
import { shopperRoomJoined } from './support/shopper-room.js';

/** How long a page may take to show what the API changed: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;
/** The listener confirms a payment once its block is solid: allow for the chain under load. */
const CONFIRMED_WITHIN = { timeout: CHAIN_WAIT_MS, interval: 250 } as const;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const statusBadge = (page: Page) => page.locator('.order-status');

const signInThroughThePage = async (page: Page, account: Credentials & { username: string }) => {
  await page.goto('/sign-in?next=%2F');
  await heading(page, 'Sign in').waitFor();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').getByRole('link', { name: account.username, exact: true }).waitFor();
};

/** The shopper's one pending order, as the API has it. */
const pendingOrder = async (client: ShopClient): Promise<Order> => {
  const { orders } = await unwrap(client.GET('/api/orders', { params: { query: { status: 'pending' } } }));
  const [order] = orders;
  if (!order || orders.length !== 1) throw new Error(`one pending order expected, found ${orders.length}`);
  return order;
};

describe.skipIf(!browserTestsRun())(
  'the storefront: checkout and the order page',
  { timeout: 240_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;

    beforeAll(async () => {
      shop = await startShop();
      browsing = await openBrowser(shop.url);
    }, 180_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    /**
     * From the catalogue: the two cheapest products in stock into the cart, checkout, pay; the
     * order page then shows "Completed" by itself (the window never reloaded).
     */
    const buyTwoAndSeeCompleted = async (page: Page, client: ShopClient) => {
      const { products } = await unwrap(client.GET('/api/products'));
      const [first, second] = products
        .filter((product) => product.stock > 1)
        .sort((a, b) => a.price - b.price);
      if (!first || !second) throw new Error('two products in stock expected');

      const grid = page.getByRole('list', { name: 'Products' });
      await grid.getByRole('button', { name: `Add to cart: ${first.name}` }).click();
      await grid.getByRole('button', { name: `Add to cart: ${second.name}` }).click();
      await mainNavigation(page).getByRole('link', { name: 'Cart, 2 items' }).click();
      await page.getByRole('link', { name: 'Check out' }).click();
      await heading(page, 'Checkout').waitFor();
      await expectPageQuality(page);

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByTestId('total').waitFor();
      const order = await pendingOrder(client);
      expect(order.products.map((line) => line.productId)).toEqual([first._id, second._id]);
      expect(await page.getByTestId('subtotal').textContent()).toBe(trxText(order.subtotal));
      expect(await page.getByTestId('network-fee').textContent()).toBe(trxText(order.networkFee));
      expect(await page.getByTestId('total').textContent()).toBe(trxText(order.total));
      await mainNavigation(page).getByRole('link', { name: 'Cart', exact: true }).waitFor();
      const pay = page.getByRole('button', { name: `Pay ${trxText(order.total)}` });
      await expect.poll(() => pay.isEnabled(), SHOWN_WITHIN).toBe(true);
      await expectPageQuality(page);

      await pay.click();
      await heading(page, `Order ${order.orderId}`).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/orders/${order._id}`);
      await markWindow(page);
      await expect.poll(() => statusBadge(page).textContent(), CONFIRMED_WITHIN).toBe('Completed');
      expect(await windowStillMarked(page)).toBe(true);
      const paid = (await unwrap(client.GET('/api/orders/{id}', { params: { path: { id: order._id } } })))
        .order;
      expect(paid.status).toBe('completed');
      expect(await page.getByLabel('Transaction id (txid)').inputValue()).toBe(paid.transactionHash);
      await expectPageQuality(page);
    };

    it('at 1440 px a shopper signs in, adds two products, checks out, pays and sees "Completed" without a reload', async () => {
      const shopper = { email: 'grace@example.com', username: 'grace', password: 'grace-pays-in-trx-1' };
      const { client } = await fundedCustomer(shop, shopper);
      const page = await browsing.newPage({ viewport: WIDE });
      await signInThroughThePage(page, shopper);
      await buyTwoAndSeeCompleted(page, client);
    });

    it('at 360 px a new visitor registers on the page, sees the airdrop arrive, adds two products, pays and sees "Completed" without a reload', async () => {
      const visitor = { email: 'linus@example.com', username: 'linus', password: 'linus-pays-in-trx-1' };
      const devnet = devnetControl(shop.devnetUrl);
      const page = await browsing.newPage({ viewport: NARROW });
      await page.goto('/register?next=%2Fwallet');
      await heading(page, 'Create an account').waitFor();
      const form = page.getByRole('form', { name: 'Create an account' });
      await form.getByLabel('Email').fill(visitor.email);
      await form.getByLabel('Username').fill(visitor.username);
      await form.getByLabel('Password', { exact: true }).fill(visitor.password);
      await form.getByLabel('Confirm password').fill(visitor.password);

      // No blocks while paused: the airdrop waits on the chain until the wallet page is watching.
      await devnet.pause();
      try {
        const joined = shopperRoomJoined(page);
        await form.getByRole('button', { name: 'Create account' }).click();
        await heading(page, 'Your wallet').waitFor();
        await joined;
        const client = await signedInClient(shop, { email: visitor.email, password: visitor.password });
        const before = await unwrap(client.GET('/api/wallets/balance'));
        const shown = page.getByRole('region', { name: 'TRX' }).locator('.wallet-balance');
        await expect.poll(() => shown.textContent(), SHOWN_WITHIN).toBe(trxText(before.balance));
        await markWindow(page);

        await devnet.resume();
        const funded = await eventually(
          () => unwrap(client.GET('/api/wallets/balance')),
          (answer) => answer.balance > before.balance,
          'the airdrop to reach the new wallet',
          CHAIN_WAIT_MS,
          250,
        );
        await expect.poll(() => shown.textContent(), CONFIRMED_WITHIN).toBe(trxText(funded.balance));
        expect(await windowStillMarked(page)).toBe(true);
        await expectPageQuality(page);

        await mainNavigation(page).getByRole('link', { name: 'Shop' }).click();
        await heading(page, 'Shop').waitFor();
        await buyTwoAndSeeCompleted(page, client);
      } finally {
        await devnet.resume();
      }
    });

    it('a shopper short of TRX sees the address and the shortfall, and the page moves on by itself once funded', async () => {
      const shopper = { email: 'ruth@example.com', username: 'ruth', password: 'ruth-pays-in-trx-1' };
      const { client } = await fundedCustomer(shop, shopper);
      const { balance } = await unwrap(client.GET('/api/wallets/balance'));
      const { products } = await unwrap(client.GET('/api/products', { params: { query: { limit: 100 } } }));
      // More units than the airdrop can pay for, within the stock.
      const dear = products
        .map((product) => ({ product, quantity: Math.floor(balance / product.price) + 1 }))
        .find(({ product, quantity }) => quantity <= product.stock && quantity <= 1000);
      if (!dear) throw new Error('a product whose stock costs more than the airdrop expected');

      const page = await browsing.newPage();
      await signInThroughThePage(page, shopper);
      await page.evaluate((line) => window.localStorage.setItem('trx-shop.cart', JSON.stringify([line])), {
        productId: dear.product._id,
        quantity: dear.quantity,
      });
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Place order' }).click();
      const shortfall = page.getByTestId('shortfall');
      await shortfall.waitFor();
      const order = await pendingOrder(client);
      const estimate = await unwrap(
        client.GET('/api/wallets/fee-estimate', { params: { query: { amount: String(order.total) } } }),
      );
      expect(estimate.shortfall).toBeGreaterThan(0);
      expect(await shortfall.textContent()).toBe(trxText(estimate.shortfall));
      const address = await page.getByLabel("Your wallet's deposit address", { exact: true }).inputValue();
      expect(address).toBe(estimate.from);
      await page.getByRole('img', { name: "Your wallet's deposit address as a QR code" }).waitFor();
      const pay = page.getByRole('button', { name: `Pay ${trxText(order.total)}` });
      expect(await pay.isDisabled()).toBe(true);
      await expectPageQuality(page);

      // A little over the shortfall, so a fee that moved a little still leaves the wallet able to pay.
      await devnetControl(shop.devnetUrl).fundSolid(address, Math.ceil(estimate.shortfall + 5) * 1_000_000);
      await expect.poll(() => pay.isEnabled(), CONFIRMED_WITHIN).toBe(true);
      expect(await shortfall.count()).toBe(0);
      await pay.click();
      await heading(page, `Order ${order.orderId}`).waitFor();
      await expect.poll(() => statusBadge(page).textContent(), CONFIRMED_WITHIN).toBe('Completed');
    });
  },
);
