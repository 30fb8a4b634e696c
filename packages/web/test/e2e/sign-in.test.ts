// @vitest-environment node
import { call } from '@trx-shop/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, enableTwoFactor, registerCustomer, totpCode } from './support/accounts.js';
import { fillSignIn, mainNavigation, signIn, signInHeading } from './support/admin-pages.js';
import { type Browsing, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

describe.skipIf(!browserTestsRun())(
  'the admin app: sign-in, sign-out and the shell',
  { timeout: 90_000 },
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

    it('the admin signs in with email and password and sees the navigation and their email', async () => {
      const page = await browsing.newPage();
      await page.goto('/admin/');
      await signInHeading(page).waitFor();
      await expectPageQuality(page);

      await fillSignIn(page, shop.admin);
      const navigation = mainNavigation(page);
      await navigation.waitFor();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      expect(await navigation.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
        'page',
      );
      await navigation.getByRole('link', { name: 'Orders' }).waitFor();
      await page.getByRole('banner').getByText(shop.admin.email).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await signInHeading(page).count()).toBe(0);
      // The session lives in httpOnly cookies only: nothing a script on the page could read.
      const readable = await page.evaluate(() => ({
        cookies: document.cookie,
        stored: localStorage.length + sessionStorage.length,
      }));
      expect(readable).toEqual({ cookies: '', stored: 0 });
      await expectPageQuality(page);
    });

    it('by keyboard alone: signs in, reaches the orders page and signs out', async () => {
      const page = await browsing.newPage();
      await page.goto('/admin/');
      await signInHeading(page).waitFor();
      // Tab from the top of the page to each field in order; Enter submits the form.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
      await page.keyboard.type(shop.admin.email);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
      await page.keyboard.type(shop.admin.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

      const orders = mainNavigation(page).getByRole('link', { name: 'Orders' });
      for (let presses = 0; presses < 10; presses += 1) {
        if (await orders.evaluate((link) => link === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();

      const signOut = page.getByRole('button', { name: 'Sign out' });
      await signOut.focus();
      await page.keyboard.press('Enter');
      await signInHeading(page).waitFor();
    });

    it('a wrong password shows the API’s INVALID_CREDENTIALS and its message, and signs nobody in', async () => {
      const wrong = { email: shop.admin.email, password: 'not-the-owner-password' };
      const refused = await call(shop.apiUrl, 'POST', '/api/auth/login', { body: wrong });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('INVALID_CREDENTIALS');

      const page = await browsing.newPage();
      await page.goto('/admin/');
      await fillSignIn(page, wrong);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      await expect.poll(() => alert.textContent()).toContain('INVALID_CREDENTIALS');
      expect(await alert.textContent()).toContain(String(refused.body.error));
      await signInHeading(page).waitFor();
      expect(await mainNavigation(page).count()).toBe(0);
      await expectPageQuality(page);
    });

    it('with 2FA on, sign-in asks for the authentication code and succeeds with a fresh one', async () => {
      const second = { email: 'second.admin@shop.example', password: 'second-admin-password' };
      await createAdmin(shop, second);
      const twoFactor = await enableTwoFactor(shop, second);

      const page = await browsing.newPage();
      await page.goto('/admin/');
      await fillSignIn(page, second);
      const codeField = page.getByLabel('Authentication code');
      await codeField.waitFor();
      expect(await mainNavigation(page).count()).toBe(0);
      await expectPageQuality(page);

      // The code that turned 2FA on is spent; the authenticator's next one is fresh.
      await codeField.fill(totpCode(twoFactor.secret, twoFactor.verifiedAt, 1));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await mainNavigation(page).waitFor();
      await page.getByRole('banner').getByText(second.email).waitFor();
    });

    it('a signed-in customer sees "Admins only" and no admin navigation', async () => {
      const customer = {
        email: 'grace.hopper@example.com',
        username: 'grace_hopper',
        password: 'cobol-compiler-1959',
      };
      await registerCustomer(shop, customer);

      const page = await browsing.newPage();
      await page.goto('/admin/');
      await fillSignIn(page, customer);
      await page.getByRole('heading', { name: 'Admins only' }).waitFor();
      await expect.poll(() => page.getByRole('main').textContent()).toContain(customer.email);
      expect(await mainNavigation(page).count()).toBe(0);
      await expectPageQuality(page);
    });

    it('sign-out returns to the sign-in page, and a reload stays signed out', async () => {
      const page = await browsing.newPage();
      await signIn(page, shop.admin);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInHeading(page).waitFor();
      expect(await mainNavigation(page).count()).toBe(0);

      await page.reload();
      await signInHeading(page).waitFor();
      expect(await mainNavigation(page).count()).toBe(0);
      const sessionCookies = (await page.context().cookies()).filter((cookie) =>
        ['accessToken', 'refreshToken'].includes(cookie.name),
      );
      expect(sessionCookies).toEqual([]);
    });

    it('a deep link to /admin/orders signed out shows sign-in, then the orders page once signed in', async () => {
      const page = await browsing.newPage();
      await page.goto('/admin/orders');
      await signInHeading(page).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/orders');

      await fillSignIn(page, shop.admin);
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/orders');
      expect(
        await mainNavigation(page).getByRole('link', { name: 'Orders' }).getAttribute('aria-current'),
      ).toBe('page');
      await expectPageQuality(page);
    });
  },
);
