// @vitest-environment node
import { unwrap } from '@trx-shop/client';
import { devnetControl, eventually } from '@trx-shop/test-kit';
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from './support/accounts.js';
import { type Browsing, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { CHAIN_WAIT_MS, cheapestProduct, fundedCustomer, placeOrder } from './support/customers.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;
const CONFIRMED_WITHIN = { timeout: CHAIN_WAIT_MS, interval: 250 } as const;

interface Frame {
  readonly event: string;
  readonly id?: string;
  readonly data: { readonly orderId?: string | null };
}

/** One socket the page opened and the test let through to the server: what the server sent it. */
interface ProxiedSocket {
  readonly url: URL;
  readonly frames: Frame[];
  drop(): Promise<void>;
}

/**
 * Every WebSocket of the page goes through the test: let through to the server (its frames
 * recorded) while `open`, otherwise closed at once, as a network still down would.
 */
const proxySockets = async (page: Page) => {
  const proxied: ProxiedSocket[] = [];
  const refused: URL[] = [];
  let open = true;
  await page.routeWebSocket(/\/api\/ws/, (ws: WebSocketRoute) => {
    const url = new URL(ws.url());
    if (!open) {
      refused.push(url);
      void ws.close({ code: 1013, reason: 'the network is down' });
      return;
    }
    const server = ws.connectToServer();
    let dropped = false;
    const socket: ProxiedSocket = {
      url,
      frames: [],
      drop: async () => {
        dropped = true;
        await Promise.all([ws.close({ code: 1012, reason: 'dropped by the test' }), server.close()]);
      },
    };
    server.onMessage((message) => {
      if (dropped) return;
      socket.frames.push(JSON.parse(String(message)) as Frame);
      ws.send(message);
    });
    proxied.push(socket);
  });
  return {
    proxied,
    refused,
    current: (): ProxiedSocket => {
      const last = proxied.at(-1);
      if (!last) throw new Error('the page opened no socket');
      return last;
    },
    setOpen: (value: boolean) => {
      open = value;
    },
  };
};

const signInAt = async (page: Page, account: Credentials & { username: string }, next: string) => {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').getByRole('link', { name: account.username, exact: true }).waitFor();
};

describe.skipIf(!browserTestsRun())(
  'the storefront: a socket dropped mid-payment',
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

    it('resumes from the last event id and shows the confirmation once, without a reload', async () => {
      const shopper = { email: 'ada@example.com', username: 'ada', password: 'ada-pays-in-trx-1' };
      const { client } = await fundedCustomer(shop, shopper);
      const order = await placeOrder(client, (await cheapestProduct(client))._id);
      const devnet = devnetControl(shop.devnetUrl);

      const page = await browsing.newPage();
      const sockets = await proxySockets(page);
      await signInAt(page, shopper, `/orders/${order._id}`);
      await page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }).waitFor();
      await expect
        .poll(() => sockets.current().frames.some((frame) => frame.event === 'joined'), SHOWN_WITHIN)
        .toBe(true);

      // A deposit while the page is open gives the client an event id to resume from.
      await devnet.fundSolid(order.walletAddress, 1_000_000);
      await expect
        .poll(
          () => sockets.current().frames.find((frame) => frame.event === 'wallet:deposit')?.id,
          CONFIRMED_WITHIN,
        )
        .toBeTruthy();
      const lastSeen = sockets.current().frames.find((frame) => frame.event === 'wallet:deposit')?.id;
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });

      // The socket drops as the payment leaves, and stays down until the payment is confirmed.
      await page.route(`**/api/orders/${order._id}/pay`, async (route) => {
        sockets.setOpen(false);
        await sockets.current().drop();
        await route.continue();
      });
      const pay = page.getByRole('button', { name: `Pay ${trxText(order.total)}` });
      await expect.poll(() => pay.isEnabled(), SHOWN_WITHIN).toBe(true);
      await pay.click();
      await page.getByText(/waiting for the network to confirm/).waitFor();
      await expect.poll(() => sockets.refused.length, SHOWN_WITHIN).toBeGreaterThan(0);

      await eventually(
        async () =>
          (await unwrap(client.GET('/api/orders/{id}', { params: { path: { id: order._id } } }))).order,
        (seen) => seen.status === 'completed',
        `order ${order.orderId} to be confirmed`,
        CHAIN_WAIT_MS,
        250,
      );
      // Confirmed while the socket was down: the page has not heard of it.
      expect(await page.locator('.order-status').textContent()).toBe('Pending');
      const proxiedBefore = sockets.proxied.length;
      sockets.setOpen(true);

      await expect.poll(() => page.locator('.order-status').textContent(), SHOWN_WITHIN).toBe('Completed');
      const resumed = sockets.current();
      expect(sockets.proxied).toHaveLength(proxiedBefore + 1);
      expect(resumed.url.searchParams.get('lastEventId')).toBe(lastSeen);

      // A later deposit marks the point by which any repeated confirmation would have arrived.
      await devnet.fundSolid(order.walletAddress, 2_000_000);
      await expect
        .poll(
          () => resumed.frames.filter((frame) => frame.event === 'wallet:deposit').length,
          CONFIRMED_WITHIN,
        )
        .toBe(1);
      const confirmations = sockets.proxied
        .flatMap((socket) => socket.frames)
        .filter((frame) => frame.event === 'transaction:confirmed' && frame.data.orderId === order._id);
      expect(confirmations).toHaveLength(1);

      expect(await page.locator('.order-status').count()).toBe(1);
      expect(await page.getByText('Confirmed on the TRON network.', { exact: true }).count()).toBe(1);
      const paid = (await unwrap(client.GET('/api/orders/{id}', { params: { path: { id: order._id } } })))
        .order;
      expect(await page.getByLabel('Transaction id (txid)').inputValue()).toBe(paid.transactionHash);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
      await expectPageQuality(page);
    });
  },
);
