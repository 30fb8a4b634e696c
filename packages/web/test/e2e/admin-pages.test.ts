// @vitest-environment node
import { unwrap } from '@trx-shop/client';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { registerCustomer, signedInClient } from './support/accounts.js';
import { fillSignIn, mainNavigation, signInHeading } from './support/admin-pages.js';
import { type Browsing, NARROW, openBrowser, WIDE } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

interface SeededIds {
  readonly orderId: string;
  readonly customerId: string;
  readonly productId: string;
  readonly webhookId: string;
}

/** Every admin page, by its address and the heading that says it has rendered. */
const adminPages = ({
  orderId,
  customerId,
  productId,
  webhookId,
}: SeededIds): readonly { path: string; heading: RegExp }[] => [
  { path: '/admin/', heading: /^Dashboard$/ },
  { path: '/admin/orders', heading: /^Orders$/ },
  { path: `/admin/orders/${orderId}`, heading: /^Order\b/ },
  { path: '/admin/customers', heading: /^Customers$/ },
  { path: `/admin/customers/${customerId}`, heading: /^Customer\b/ },
  { path: '/admin/products', heading: /^Products$/ },
  { path: '/admin/products/new', heading: /^New product$/ },
  { path: `/admin/products/${productId}`, heading: /^Product\b/ },
  { path: '/admin/ledger', heading: /^Ledger$/ },
  { path: '/admin/reconciliation', heading: /^Reconciliation$/ },
  { path: '/admin/webhooks', heading: /^Webhooks$/ },
  { path: `/admin/webhooks/${webhookId}`, heading: /^Webhook\b/ },
  { path: '/admin/api-keys', heading: /^API keys$/ },
  { path: '/admin/audit', heading: /^Audit trail$/ },
  { path: '/admin/mail', heading: /^Mail$/ },
  { path: '/admin/mailbox', heading: /^Mailbox$/ },
  { path: '/admin/account', heading: /^Your account$/ },
];

describe.skipIf(!browserTestsRun())(
  'every admin page at 1440 and at 360 px wide',
  { timeout: 120_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;
    let ids: SeededIds;

    beforeAll(async () => {
      // The webhook page needs an endpoint; a local one is allowed only with private hosts on.
      shop = await startShop({ env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' } });
      browsing = await openBrowser(shop.url);
      const { user, client } = await registerCustomer(shop, {
        email: 'alan.turing@example.com',
        username: 'alan_turing',
        password: 'bombe-at-bletchley',
      });
      const { products } = await unwrap(client.GET('/api/products'));
      const product = products.find((candidate) => candidate.stock > 0);
      if (!product) throw new Error('the embedded default has no product in stock');
      const { order } = await unwrap(
        client.POST('/api/orders', { body: { products: [{ productId: product._id, quantity: 1 }] } }),
      );
      const admin = await signedInClient(shop, shop.admin);
      const { webhook } = await unwrap(
        admin.POST('/api/admin/webhooks', {
          body: { url: 'http://127.0.0.1:9/trx-shop', events: ['order.completed'] },
        }),
      );
      ids = { orderId: order._id, customerId: user.id, productId: product._id, webhookId: webhook._id };
    }, 120_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it.each([
      ['1440', WIDE],
      ['360', NARROW],
    ])(
      'at %s px: axe finds nothing serious, nothing scrolls sideways, the console stays clean',
      async (_, viewport) => {
        const page = await browsing.newPage({ viewport });
        await page.goto('/admin/');
        await signInHeading(page).waitFor();
        await expectPageQuality(page);

        await fillSignIn(page, shop.admin);
        await mainNavigation(page).waitFor();
        for (const { path, heading } of adminPages(ids)) {
          await page.goto(path);
          await mainNavigation(page).waitFor();
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await expectPageQuality(page);
        }
      },
    );
  },
);
