// `pnpm screenshots`: pictures of each admin and storefront page for docs/screenshots/ (the README shows them),
// taken in Chromium against a fresh embedded instance seeded with a customer's orders. The apps
// are built first by the root script; the instance and its data are gone at the end.
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unwrap } from '@trx-shop/client';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { signedInClient } from '../test/e2e/support/accounts.js';
import { fillSignIn, mainNavigation, signInHeading } from '../test/e2e/support/admin-pages.js';
import { type Browsing, NARROW, openBrowser } from '../test/e2e/support/browser.js';
import { CHROMIUM_INSTALL, CHROMIUM_PATH, hasChromium } from '../test/e2e/support/chromium.js';
import { SEEDED_SHOPPER, type SeededOrders, seedOrders } from '../test/e2e/support/seed.js';
import { type RunningShop, startShop } from '../test/e2e/support/shop.js';

const OUT_DIR = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** A page once its heading shows and its requests have settled (charts and lists drawn). */
const settled = async (page: Page, heading: RegExp): Promise<void> => {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
};

const shoot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: `${OUT_DIR}${name}`, fullPage: true, animations: 'disabled' });
  console.log(`screenshots: docs/screenshots/${name}`);
};

const signedIn = async (browsing: Browsing, shop: RunningShop, viewport?: typeof NARROW): Promise<Page> => {
  const page = await browsing.newPage(viewport ? { viewport } : {});
  await page.goto('/admin/');
  await signInHeading(page).waitFor();
  await fillSignIn(page, shop.admin);
  await mainNavigation(page).waitFor();
  return page;
};

/** A webhook receiver that accepts everything, so the webhook page shows delivered events. */
const startReceiver = async (): Promise<{ url: string; server: Server }> => {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/trx-shop`, server };
};

/** What an admin sets up on the first day: a webhook, an API key, a reconciliation run. */
const seedAdminSetup = async (shop: RunningShop, receiverUrl: string) => {
  const admin = await signedInClient(shop, shop.admin);
  const { webhook } = await unwrap(admin.POST('/api/admin/webhooks', { body: { url: receiverUrl } }));
  await unwrap(admin.POST('/api/admin/webhooks/{id}/ping', { params: { path: { id: webhook._id } } }));
  await unwrap(
    admin.POST('/api/admin/api-keys', {
      body: { name: 'Warehouse sync', scopes: ['orders:read', 'products:write'] },
    }),
  );
  await unwrap(admin.POST('/api/admin/reconciliation', { body: {} }));
  return { webhookId: webhook._id };
};

/** The shopper's pages: browsing as a guest, the cart filled, the ways in, then the seeded shopper's own. */
const shootStorefront = async (
  browsing: Browsing,
  productId: string,
  { partlyRefunded, awaitingPayment }: SeededOrders,
): Promise<void> => {
  const page = await browsing.newPage();
  await page.goto('/');
  await settled(page, /^Shop$/);
  await shoot(page, 'storefront-catalogue.png');
  await page.goto(`/products/${productId}`);
  await settled(page, /./);
  await shoot(page, 'storefront-product.png');
  await page.goto('/');
  await settled(page, /^Shop$/);
  const adds = page.getByRole('button', { name: /^Add to cart: / });
  await adds.nth(0).click();
  await adds.nth(1).click();
  await page.goto('/cart');
  await settled(page, /^Your cart$/);
  await shoot(page, 'storefront-cart.png');
  await page.goto('/register');
  await settled(page, /^Create an account$/);
  await shoot(page, 'storefront-register.png');
  await page.goto('/sign-in?next=/account');
  await settled(page, /^Sign in$/);
  await shoot(page, 'storefront-sign-in.png');
  await page.getByLabel('Email').fill(SEEDED_SHOPPER.email);
  await page.getByLabel('Password').fill(SEEDED_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await settled(page, /^Your account$/);
  await shoot(page, 'storefront-account.png');
  // The pay step of her unpaid order: priced by the API, with the fee estimate and the Pay button.
  await page.goto(`/checkout?order=${awaitingPayment._id}`);
  await settled(page, /^Checkout$/);
  await page.getByRole('button', { name: /^Pay / }).waitFor();
  await shoot(page, 'storefront-checkout.png');
  await page.goto('/orders');
  await settled(page, /^Your orders$/);
  await shoot(page, 'storefront-orders.png');
  await page.goto(`/orders/${partlyRefunded._id}`);
  await settled(page, /^Order\b/);
  await shoot(page, 'storefront-order.png');
  await page.goto('/wallet');
  await settled(page, /^Your wallet$/);
  await page
    .getByRole('img', { name: /QR code/i })
    .first()
    .waitFor();
  await shoot(page, 'storefront-wallet.png');
};

const main = async (): Promise<void> => {
  if (!hasChromium) throw new Error(`${CHROMIUM_PATH} is missing: install it with \`${CHROMIUM_INSTALL}\``);
  await mkdir(OUT_DIR, { recursive: true });
  const receiver = await startReceiver();
  const shop = await startShop({ env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' } });
  let browsing: Browsing | null = null;
  try {
    console.log(`screenshots: seeding orders on ${shop.apiUrl}`);
    const orders = await seedOrders(shop);
    const { webhookId } = await seedAdminSetup(shop, receiver.url);
    browsing = await openBrowser(shop.url);

    const signIn = await browsing.newPage();
    await signIn.goto('/admin/');
    await signInHeading(signIn).waitFor();
    await shoot(signIn, 'admin-sign-in.png');

    const page = await signedIn(browsing, shop);
    await settled(page, /^Dashboard$/);
    await shoot(page, 'admin-dashboard.png');
    await page.goto('/admin/orders');
    await settled(page, /^Orders$/);
    await shoot(page, 'admin-orders.png');
    await page.goto(`/admin/orders/${orders.partlyRefunded._id}`);
    await settled(page, /^Order\b/);
    await shoot(page, 'admin-order.png');
    const pages: readonly [path: string, heading: RegExp, file: string][] = [
      ['/admin/customers', /^Customers$/, 'admin-customers.png'],
      [`/admin/customers/${orders.paid.userId}`, /^Customer\b/, 'admin-customer.png'],
      ['/admin/products', /^Products$/, 'admin-products.png'],
      [`/admin/products/${orders.paid.products[0]?.productId}`, /^Product\b/, 'admin-product.png'],
      ['/admin/ledger', /^Ledger$/, 'admin-ledger.png'],
      ['/admin/reconciliation', /^Reconciliation$/, 'admin-reconciliation.png'],
      ['/admin/webhooks', /^Webhooks$/, 'admin-webhooks.png'],
      [`/admin/webhooks/${webhookId}`, /^Webhook\b/, 'admin-webhook.png'],
      ['/admin/api-keys', /^API keys$/, 'admin-api-keys.png'],
      ['/admin/audit', /^Audit trail$/, 'admin-audit.png'],
      ['/admin/mail', /^Mail$/, 'admin-mail.png'],
      ['/admin/mailbox', /^Mailbox$/, 'admin-mailbox.png'],
      ['/admin/account', /^Your account$/, 'admin-account.png'],
    ];
    for (const [path, heading, file] of pages) {
      await page.goto(path);
      await settled(page, heading);
      await shoot(page, file);
    }

    await shootStorefront(browsing, orders.paid.products[0]?.productId ?? '', orders);

    const narrow = await signedIn(browsing, shop, NARROW);
    await settled(narrow, /^Dashboard$/);
    await shoot(narrow, 'admin-dashboard-360.png');
    // A page that logged an error is pictured broken: fail so nobody commits it unseen.
    await browsing.endTest();
  } finally {
    await browsing?.close();
    await shop.stop();
    receiver.server.close();
  }
};

try {
  await main();
} catch (error) {
  console.error(`screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
