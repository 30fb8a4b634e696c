// @vitest-environment node
import { type operations, unwrap } from '@trx-shop/client';
import { call } from '@trx-shop/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerCustomer, signedInClient, totpCode } from './support/accounts.js';
import { fillSignIn, mainNavigation, signIn, signInHeading } from './support/admin-pages.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import type { ShopClient } from './support/customers.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page may take to show what the API changed: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;

type AuditAction = NonNullable<NonNullable<operations['listAuditEntries']['parameters']['query']>['action']>;

/** The one audit entry of `action` the admin's API answers, once the log's relay has written it. */
const storedEntry = async (admin: ShopClient, action: AuditAction, targetId: string | null) => {
  let found: { target: { type: string; id: string | null } } | undefined;
  await expect
    .poll(async () => {
      const { entries } = await unwrap(admin.GET('/api/admin/audit', { params: { query: { action } } }));
      found = entries.find((entry) => entry.target.id === targetId);
      return found !== undefined;
    }, SHOWN_WITHIN)
    .toBe(true);
  return found;
};

/** Filters the audit page by the action's words, and follows the one entry's target link. */
const followTarget = async (page: Page, words: string, targetText: string): Promise<string> => {
  await page.goto('/admin/audit');
  await page.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
  await page.getByLabel('Action').selectOption({ label: words });
  await expect.poll(() => new URL(page.url()).searchParams.get('action'), SHOWN_WITHIN).not.toBeNull();
  const rows = page.getByRole('table', { name: 'Audit trail' }).getByRole('row');
  await expect.poll(() => rows.count(), SHOWN_WITHIN).toBe(2);
  const row = rows.nth(1);
  expect(await row.getByRole('cell').nth(2).textContent()).toBe(words);
  const link = row.getByRole('link', { name: targetText });
  const href = await link.getAttribute('href');
  await link.click();
  await expect.poll(() => new URL(page.url()).pathname, SHOWN_WITHIN).toBe(href);
  return new URL(page.url()).pathname;
};

describe.skipIf(!browserTestsRun())(
  'the audit trail and the admin’s own account against a real shop',
  { timeout: 150_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;
    let admin: ShopClient;

    beforeAll(async () => {
      shop = await startShop({ env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' } });
      browsing = await openBrowser(shop.url);
      admin = await signedInClient(shop, shop.admin);
    }, 180_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it('finds each action the admin took over the API in the audit page, each target linking to its page', async () => {
      const { user: customer } = await registerCustomer(shop, {
        email: 'audited.customer@example.com',
        username: 'audited_customer',
        password: 'audited-customer-password',
      });
      const block = (isActive: boolean) =>
        unwrap(
          admin.PATCH('/api/admin/customers/{id}/block', {
            params: { path: { id: customer.id } },
            body: { isActive },
          }),
        );
      await block(false);
      await block(true);
      const { product } = await unwrap(
        admin.POST('/api/admin/products', {
          body: {
            name: 'Audited lamp',
            description: 'A lamp whose making is on the record',
            price: 12.5,
            category: 'physical',
            stock: 3,
            image: 'https://cdn.example.com/lamp.png',
            isActive: true,
          },
        }),
      );
      const { apiKey } = await unwrap(
        admin.POST('/api/admin/api-keys', { body: { name: 'Audited key', scopes: ['orders:read'] } }),
      );
      await unwrap(admin.DELETE('/api/admin/api-keys/{id}', { params: { path: { id: apiKey._id } } }));
      const { webhook } = await unwrap(
        admin.POST('/api/admin/webhooks', {
          body: { url: 'http://127.0.0.1:9/audited', events: ['order.completed'], enabled: true },
        }),
      );

      // Stored: each action has its entry, naming what it acted on.
      expect((await storedEntry(admin, 'customer.blocked', customer.id))?.target.type).toBe('customer');
      expect((await storedEntry(admin, 'customer.unblocked', customer.id))?.target.type).toBe('customer');
      expect((await storedEntry(admin, 'product.created', product._id))?.target.type).toBe('product');
      expect((await storedEntry(admin, 'api_key.created', apiKey._id))?.target.type).toBe('api-key');
      expect((await storedEntry(admin, 'api_key.revoked', apiKey._id))?.target.type).toBe('api-key');
      expect((await storedEntry(admin, 'webhook.created', webhook._id))?.target.type).toBe('webhook');

      const page = await browsing.newPage();
      await signIn(page, shop.admin, '/admin/audit');
      await page.getByRole('table', { name: 'Audit trail' }).waitFor();
      await expectPageQuality(page);

      expect(await followTarget(page, 'Customer blocked', `Customer ${customer.id}`)).toBe(
        `/admin/customers/${customer.id}`,
      );
      expect(await followTarget(page, 'Customer unblocked', `Customer ${customer.id}`)).toBe(
        `/admin/customers/${customer.id}`,
      );
      expect(await followTarget(page, 'Product created', `Product ${product._id}`)).toBe(
        `/admin/products/${product._id}`,
      );
      expect(await followTarget(page, 'API key created', `API key ${apiKey._id}`)).toBe('/admin/api-keys');
      expect(await followTarget(page, 'API key revoked', `API key ${apiKey._id}`)).toBe('/admin/api-keys');
      expect(await followTarget(page, 'Webhook created', `Webhook ${webhook._id}`)).toBe(
        `/admin/webhooks/${webhook._id}`,
      );

      // The block's change reads as the flag it flipped, and "only this actor" narrows to the admin.
      await page.goto('/admin/audit?action=customer.blocked');
      const row = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').nth(1);
      await expect
        .poll(() => row.getByRole('listitem').allTextContents(), SHOWN_WITHIN)
        .toEqual(['isActive: true → false']);
      await row.getByRole('button', { name: 'Only this actor' }).click();
      const narrowed = page.getByRole('list', { name: 'Narrowed to' });
      await expect
        .poll(() => narrowed.textContent(), SHOWN_WITHIN)
        .toContain(`Only actions by ${shop.admin.email}`);
      expect(new URL(page.url()).searchParams.get('actor')).toMatch(/^[0-9a-f]{24}$/);
      await expectPageQuality(page);
    });

    it('at 360 px the filtered audit trail keeps to the screen and passes axe', async () => {
      const page = await browsing.newPage({ viewport: NARROW });
      await signIn(page, shop.admin, '/admin/audit?action=product.created');
      await page.getByRole('table', { name: 'Audit trail' }).waitFor();
      await expectPageQuality(page);
    });

    it('enables 2FA from the account page with a code computed from the secret the page shows; the next sign-in asks for a code', async () => {
      const owner = { email: 'twofactor.admin@shop.example', password: 'two-factor-admin-password' };
      await createAdmin(shop, owner);
      const page = await browsing.newPage();
      await signIn(page, owner, '/admin/account');
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      await expectPageQuality(page);

      const setup = page.getByRole('form', { name: 'Set up two-factor authentication' });
      await setup.getByLabel('Current password').fill(owner.password);
      await setup.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const confirm = page.getByRole('form', { name: 'Confirm two-factor authentication' });
      const qr = confirm.getByRole('img', { name: /QR code/ });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      // The browser decoded it: a real picture, not a broken image.
      expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
        true,
      );
      const secret = (await confirm.locator('code').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      await expectPageQuality(page);

      const verifiedAt = Date.now();
      await confirm.getByLabel('Authentication code').fill(totpCode(secret, verifiedAt));
      await confirm.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      const section = page.getByRole('region', { name: 'Two-factor authentication' });
      await expect
        .poll(() => section.getByRole('status').textContent(), SHOWN_WITHIN)
        .toContain('Two-factor authentication enabled');
      await page.getByRole('form', { name: 'Turn off two-factor authentication' }).waitFor();

      // Stored: the API now refuses the password alone.
      const refused = await call(shop.apiUrl, 'POST', '/api/auth/tokens', { body: owner });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('TWO_FACTOR_REQUIRED');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInHeading(page).waitFor();
      await fillSignIn(page, owner);
      const codeField = page.getByLabel('Authentication code');
      await codeField.waitFor();
      expect(await mainNavigation(page).count()).toBe(0);
      // The code that turned 2FA on is spent; the authenticator's next one is fresh.
      await codeField.fill(totpCode(secret, verifiedAt, 1));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await mainNavigation(page).waitFor();
    });

    it('signs out another device from the sessions list; that session’s token is refused, and at 360 px the page holds', async () => {
      const owner = { email: 'devices.admin@shop.example', password: 'devices-admin-password' };
      await createAdmin(shop, owner);
      const other = await signedInClient(shop, owner);
      expect((await other.GET('/api/sessions')).response.status).toBe(200);

      const page = await browsing.newPage({ viewport: NARROW });
      await signIn(page, owner, '/admin/account');
      const rows = page.getByRole('table', { name: 'Sessions' }).getByRole('row');
      await expect.poll(() => rows.count(), SHOWN_WITHIN).toBe(3);
      await expectPageQuality(page);
      await page.getByRole('table', { name: 'Sessions' }).getByText('This device').waitFor();

      await page.getByRole('button', { name: 'Sign out that device' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out that device?' });
      await dialog.waitFor();
      await expectPageQuality(page);
      await dialog.getByRole('button', { name: 'Sign it out' }).click();

      await expect.poll(() => rows.count(), SHOWN_WITHIN).toBe(2);
      expect(await page.getByRole('button', { name: 'Sign out that device' }).count()).toBe(0);
      const refused = await other.GET('/api/sessions');
      expect(refused.response.status).toBe(401);
      expect((refused.error as { code?: string } | undefined)?.code).toBe('UNAUTHENTICATED');
      // This device is still signed in.
      await page.reload();
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    });
  },
);
