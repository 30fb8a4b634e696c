// @vitest-environment node
import { unwrap } from '@trx-shop/client';
import { call } from '@trx-shop/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Credentials, registerCustomer, signedInClient, totpCode } from './support/accounts.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page may take to show what the API changed: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;

/** A TRON address whose checksum holds, of a wallet held elsewhere. */
const EXTERNAL_WALLET = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
/** The shell's account area names the signed-in shopper by a link to their account. */
const shellUser = (page: Page, username: string) =>
  page.getByRole('banner').getByRole('link', { name: username, exact: true });

const fillStorefrontSignIn = async (page: Page, account: Credentials) => {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
};

const signInAt = async (page: Page, account: Credentials & { username: string }, next: string) => {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await heading(page, 'Sign in').waitFor();
  await fillStorefrontSignIn(page, account);
  await shellUser(page, account.username).waitFor();
};

describe.skipIf(!browserTestsRun())(
  'the storefront: the ways in and the account',
  { timeout: 150_000 },
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

    it('a new visitor registers through the page and is signed in, signs out, and signs in again', async () => {
      const ada = {
        email: 'ada.lovelace@example.com',
        username: 'ada_lovelace',
        password: 'analytical-engine-1843',
      };
      const page = await browsing.newPage();
      await page.goto('/register');
      await heading(page, 'Create an account').waitFor();
      await expectPageQuality(page);

      const form = page.getByRole('form', { name: 'Create an account' });
      await form.getByLabel('Email').fill(ada.email);
      await form.getByLabel('Username').fill(ada.username);
      await form.getByLabel('Password', { exact: true }).fill(ada.password);
      await form.getByLabel('Confirm password').fill(ada.password);
      await form.getByRole('button', { name: 'Create account' }).click();

      await shellUser(page, ada.username).waitFor();
      await expect.poll(() => new URL(page.url()).pathname, SHOWN_WITHIN).toBe('/');
      // Stored: the account exists, with its own wallet, and signs in with the password chosen.
      const client = await signedInClient(shop, { email: ada.email, password: ada.password });
      const { user } = await unwrap(client.GET('/api/users/profile'));
      expect({ email: user.email, username: user.username, role: user.role }).toEqual({
        email: ada.email,
        username: ada.username,
        role: 'user',
      });
      expect(user.wallet.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await shellUser(page, ada.username).count()).toBe(0);

      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
      await heading(page, 'Sign in').waitFor();
      await expectPageQuality(page);
      await fillStorefrontSignIn(page, ada);
      await shellUser(page, ada.username).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });

    it('a taken email is refused beside the email field with the API’s message', async () => {
      const taken = {
        email: 'taken.email@example.com',
        username: 'first_owner',
        password: 'first-owner-password',
      };
      await registerCustomer(shop, taken);
      const refused = await call(shop.apiUrl, 'POST', '/api/auth/register', {
        body: { ...taken, username: 'second_owner', passwordConfirm: taken.password },
      });
      expect(refused.body.code).toBe('EMAIL_TAKEN');

      const page = await browsing.newPage();
      await page.goto('/register');
      const form = page.getByRole('form', { name: 'Create an account' });
      await form.getByLabel('Email').fill(taken.email);
      await form.getByLabel('Username').fill('second_owner');
      await form.getByLabel('Password', { exact: true }).fill(taken.password);
      await form.getByLabel('Confirm password').fill(taken.password);
      await form.getByRole('button', { name: 'Create account' }).click();

      const email = form.getByLabel('Email');
      await expect.poll(() => email.getAttribute('aria-invalid'), SHOWN_WITHIN).toBe('true');
      const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(String(refused.body.error));
      await expect.poll(() => form.getByRole('alert').textContent(), SHOWN_WITHIN).toContain('EMAIL_TAKEN');
      await expectPageQuality(page);
    });

    it('2FA set up on the account page with a code from the shown secret; sign-in then asks for a later code', async () => {
      const grace = {
        email: 'grace.2fa@example.com',
        username: 'grace_2fa',
        password: 'cobol-compiler-1959',
      };
      await registerCustomer(shop, grace);
      const page = await browsing.newPage();
      await signInAt(page, grace, '/account');
      await heading(page, 'Your account').waitFor();
      await expectPageQuality(page);

      const setup = page.getByRole('form', { name: 'Set up two-factor authentication' });
      await setup.getByLabel('Current password').fill(grace.password);
      await setup.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const confirm = page.getByRole('form', { name: 'Confirm two-factor authentication' });
      const qr = confirm.getByRole('img', { name: /QR code/ });
      await qr.waitFor();
      expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
        true,
      );
      const secret = (await confirm.locator('code').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      await expectPageQuality(page);

      const verifiedAt = Date.now();
      await confirm.getByLabel('Authentication code').fill(totpCode(secret, verifiedAt));
      await confirm.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      await page.getByRole('form', { name: 'Turn off two-factor authentication' }).waitFor();
      // Stored: the API now refuses the password alone.
      const refused = await call(shop.apiUrl, 'POST', '/api/auth/tokens', {
        body: { email: grace.email, password: grace.password },
      });
      expect(refused.body.code).toBe('TWO_FACTOR_REQUIRED');

      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await heading(page, 'Sign in').waitFor();
      await page.goto('/sign-in?next=%2Faccount');
      await fillStorefrontSignIn(page, grace);
      const codeField = page.getByLabel('Authentication code');
      await codeField.waitFor();
      expect(await shellUser(page, grace.username).count()).toBe(0);
      await expectPageQuality(page);
      // The code that turned 2FA on is spent; the authenticator's next one is fresh.
      await codeField.fill(totpCode(secret, verifiedAt, 1));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await shellUser(page, grace.username).waitFor();
      await heading(page, 'Your account').waitFor();
      expect(new URL(page.url()).pathname).toBe('/account');
    });

    it('shows the shop wallet address and connects an external wallet, stored on the profile', async () => {
      const alan = {
        email: 'alan.wallet@example.com',
        username: 'alan_wallet',
        password: 'enigma-machine-1939',
      };
      const { client } = await registerCustomer(shop, alan);
      const page = await browsing.newPage();
      await signInAt(page, alan, '/account');
      const wallets = page.getByRole('region', { name: 'Wallets' });
      const before = (await unwrap(client.GET('/api/users/profile'))).user.wallet;
      await expect
        .poll(() => wallets.getByLabel('Your shop wallet address').inputValue(), SHOWN_WITHIN)
        .toBe(before.address);

      const form = page.getByRole('form', { name: 'Connect an external wallet' });
      await form.getByLabel('External wallet address').fill(EXTERNAL_WALLET);
      await form.getByRole('button', { name: 'Connect wallet' }).click();
      await expect
        .poll(() => wallets.getByLabel('Connected external wallet').inputValue(), SHOWN_WITHIN)
        .toBe(EXTERNAL_WALLET);
      expect((await unwrap(client.GET('/api/users/profile'))).user.wallet.externalAddress).toBe(
        EXTERNAL_WALLET,
      );
    });

    it('at 360 px the register, sign-in and account pages keep to the screen and pass axe', async () => {
      const narrow = {
        email: 'narrow.shopper@example.com',
        username: 'narrow_shopper',
        password: 'small-screen-shopper',
      };
      await registerCustomer(shop, narrow);
      const page = await browsing.newPage({ viewport: NARROW });
      await page.goto('/register');
      await heading(page, 'Create an account').waitFor();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('At least 3 characters').waitFor();
      await expectPageQuality(page);

      await signInAt(page, narrow, '/account');
      await heading(page, 'Your account').waitFor();
      await page.getByRole('region', { name: 'Signed-in devices' }).getByRole('table').waitFor();
      await expectPageQuality(page);

      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.goto('/sign-in');
      await heading(page, 'Sign in').waitFor();
      await expectPageQuality(page);
    });
  },
);
