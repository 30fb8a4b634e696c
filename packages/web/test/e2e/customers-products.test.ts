// @vitest-environment node
import { createShopClient, unwrap } from '@trx-shop/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signedInClient } from './support/accounts.js';
import { signIn } from './support/admin-pages.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import type { ShopClient } from './support/customers.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page may take to show what the API changed: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;

describe.skipIf(!browserTestsRun())(
  'the admin customers and products pages against a real shop',
  { timeout: 150_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;
    let admin: ShopClient;

    beforeAll(async () => {
      shop = await startShop();
      browsing = await openBrowser(shop.url);
      admin = await signedInClient(shop, shop.admin);
    }, 180_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it('blocks a customer from their page: their next request is refused with ACCOUNT_BLOCKED; unblocked, they sign in again', async () => {
      const grace = {
        email: 'grace.hopper@example.com',
        username: 'grace_hopper',
        password: 'compile-the-cobol-1959',
      };
      const { user, client: customer } = await registerCustomer(shop, grace);
      expect((await customer.GET('/api/wallets/balance')).response.status).toBe(200);

      const page = await browsing.newPage();
      await signIn(page, shop.admin, '/admin/customers');
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      await page.getByLabel('Username or email').fill('grace.hop');
      await page.getByLabel('Username or email').press('Enter');
      const table = page.getByRole('table', { name: 'Customers' });
      await expect
        .poll(() => table.getByRole('link').allTextContents(), SHOWN_WITHIN)
        .toEqual([grace.username]);
      await expectPageQuality(page);

      await table.getByRole('link', { name: grace.username }).click();
      await page.getByRole('heading', { name: `Customer ${grace.username}`, level: 1 }).waitFor();
      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByText('Active', { exact: true }).waitFor();
      await expectPageQuality(page);

      await page.getByRole('button', { name: 'Block…' }).click();
      const blockDialog = page.getByRole('dialog', { name: `Block ${grace.username}?` });
      await blockDialog
        .getByText('Their sessions end at once and they cannot sign in until unblocked.')
        .waitFor();
      await expectPageQuality(page);
      await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
      await profile.getByText('Blocked', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Unblock…' }).waitFor();

      const refused = await customer.GET('/api/wallets/balance');
      expect(refused.response.status).toBe(403);
      expect(refused.error?.code).toBe('ACCOUNT_BLOCKED');
      const listed = await unwrap(
        admin.GET('/api/admin/customers', { params: { query: { search: grace.email } } }),
      );
      expect(listed.users.map(({ _id, isActive }) => ({ _id, isActive }))).toEqual([
        { _id: user.id, isActive: false },
      ]);

      await page.getByRole('button', { name: 'Unblock…' }).click();
      await page
        .getByRole('dialog', { name: `Unblock ${grace.username}?` })
        .getByRole('button', { name: 'Unblock', exact: true })
        .click();
      await profile.getByText('Active', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Block…' }).waitFor();
      const guest = createShopClient({ baseUrl: shop.apiUrl });
      const signedInAgain = await guest.POST('/api/auth/tokens', {
        body: { email: grace.email, password: grace.password },
      });
      expect(signedInAgain.response.status).toBe(200);
      await expectPageQuality(page);
    });

    it('at 360 px: the customers list fits, its wallet addresses shortened', async () => {
      const { user } = await registerCustomer(shop, {
        email: 'katherine.johnson@example.com',
        username: 'katherine_johnson',
        password: 'orbital-mechanics-1962',
      });
      const page = await browsing.newPage({ viewport: NARROW });
      await signIn(page, shop.admin, '/admin/customers?search=katherine');
      const row = page
        .getByRole('table', { name: 'Customers' })
        .getByRole('row')
        .filter({ hasText: user.username });
      await row.getByTitle(String(user.wallet.address)).waitFor();
      await expectPageQuality(page);
    });

    it('archives a product from its page after a confirmation: the storefront drops it; its page still opens from the list, and made active there, it is back', async () => {
      const guest = createShopClient({ baseUrl: shop.apiUrl });
      const [product] = (await unwrap(guest.GET('/api/products'))).products;
      if (!product) throw new Error('the embedded default has no product');
      const inStorefront = async () =>
        (
          await unwrap(
            guest.GET('/api/products', { params: { query: { search: product.name, limit: 100 } } }),
          )
        ).products.some((listed) => listed._id === product._id);
      const stored = async () =>
        (await unwrap(admin.GET('/api/admin/products/{id}', { params: { path: { id: product._id } } })))
          .product.isActive;

      const page = await browsing.newPage();
      await signIn(page, shop.admin, `/admin/products/${product._id}`);
      const heading = page.getByRole('heading', { name: `Product ${product.name}`, level: 1 });
      await heading.waitFor();
      const state = page.getByRole('region', { name: 'State' });
      await state.getByText('Active', { exact: true }).waitFor();
      await expectPageQuality(page);
      await state.getByRole('button', { name: 'Archive…' }).click();
      const dialog = page.getByRole('dialog', { name: `Archive ${product.name}?` });
      await dialog.getByText('It leaves the storefront; orders keep it.').waitFor();
      await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
      await state.getByText('Archived', { exact: true }).waitFor();
      expect(await inStorefront()).toBe(false);
      expect(await stored()).toBe(false);

      // The archived product's row links to its page, which opens on a fresh read.
      await page.getByRole('link', { name: '← All products' }).click();
      const row = page
        .getByRole('table', { name: 'Products' })
        .getByRole('row')
        .filter({ hasText: product.name });
      await row.getByText('Archived', { exact: true }).waitFor();
      await expectPageQuality(page);
      await row.getByRole('link', { name: product.name }).click();
      await heading.waitFor();
      await state.getByText('Archived', { exact: true }).waitFor();
      await expectPageQuality(page);

      await state.getByRole('button', { name: 'Make active…' }).click();
      await page
        .getByRole('dialog', { name: `Make ${product.name} active?` })
        .getByRole('button', { name: 'Make active', exact: true })
        .click();
      await state.getByText('Active', { exact: true }).waitFor();
      await state.getByRole('button', { name: 'Archive…' }).waitFor();
      expect(await inStorefront()).toBe(true);
      expect(await stored()).toBe(true);
    });

    it('at 360 px: an archived product’s page opens from a fresh load and passes the page checks', async () => {
      const created = await unwrap(
        admin.POST('/api/admin/products', {
          body: { name: 'Paper wallet kit', price: 3, category: 'physical', stock: 2, isActive: false },
        }),
      );
      const page = await browsing.newPage({ viewport: NARROW });
      await signIn(page, shop.admin, `/admin/products/${created.product._id}`);
      await page.getByRole('heading', { name: 'Product Paper wallet kit', level: 1 }).waitFor();
      const state = page.getByRole('region', { name: 'State' });
      await state.getByText('Archived', { exact: true }).waitFor();
      await state.getByRole('button', { name: 'Make active…' }).waitFor();
      await expectPageQuality(page);
    });

    it('at 360 px: creates a product priced in TRX and USDT through the form, the storefront lists it in TRX only; new prices show in both, the USDT one in the admin list', async () => {
      const name = 'Trezor Safe 3';
      const page = await browsing.newPage({ viewport: NARROW });
      await signIn(page, shop.admin, '/admin/products');
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Products' }).waitFor();
      await expectPageQuality(page);

      await page.getByRole('link', { name: 'New product' }).click();
      await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
      // Refused in the form, nothing sent: the message sits beside the price.
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Price (TRX)').fill('12.3456789');
      await page.getByLabel('Price in USDT (optional)').fill('0');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByText('price has more than 6 decimals').waitFor();
      await page.getByText('priceUsdt must be greater than 0').waitFor();
      await expectPageQuality(page);

      await page.getByLabel('Description').fill('Hardware wallet with a secure element');
      await page.getByLabel('Price (TRX)').fill('12.345678');
      await page.getByLabel('Price in USDT (optional)').fill('3.000001');
      await page.getByLabel('Category').selectOption({ label: 'Physical' });
      await page.getByLabel('Stock').fill('9');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('heading', { name: `Product ${name}`, level: 1 }).waitFor();
      await expectPageQuality(page);

      const guest = createShopClient({ baseUrl: shop.apiUrl });
      const storefront = async () =>
        (await unwrap(guest.GET('/api/products', { params: { query: { search: name } } }))).products.map(
          ({ name, price, priceUsdt, stock, category }) => ({ name, price, priceUsdt, stock, category }),
        );
      expect(await storefront()).toEqual([
        { name, price: 12.345678, priceUsdt: 3.000001, stock: 9, category: 'physical' },
      ]);

      await page.getByLabel('Price (TRX)').fill('11.5');
      await page.getByLabel('Price in USDT (optional)').fill('2.75');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').filter({ hasText: 'Product updated' }).waitFor();
      await expect
        .poll(storefront, SHOWN_WITHIN)
        .toEqual([{ name, price: 11.5, priceUsdt: 2.75, stock: 9, category: 'physical' }]);
      const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';

      await page.getByRole('link', { name: '← All products' }).click();
      const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: name });
      await row.getByText(trxText(11.5), { exact: true }).waitFor();
      await row.getByText('2.75 USDT', { exact: true }).waitFor();
      await expectPageQuality(page);

      // The storefront's page shows the TRX price, and no USDT until checkout takes it.
      await page.goto(`/products/${id}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByText(trxText(11.5), { exact: true }).waitFor();
      expect(await page.locator('main').textContent()).not.toContain('USDT');
    });
  },
);
