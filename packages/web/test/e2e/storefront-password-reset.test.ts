// @vitest-environment node
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpServer } from '../../../api/test/support/smtp-test-server.js';
import { type Credentials, registerCustomer } from './support/accounts.js';
import { type Browsing, NARROW, openBrowser, WIDE } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page or the mail may take: the machine is shared and mail is sent from the event log. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;
const MAIL_WITHIN_MS = 30_000;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const shellUser = (page: Page, username: string) =>
  page.getByRole('banner').getByRole('link', { name: username, exact: true });

/** The page at both widths the brief names, each checked for accessibility, side-scroll and console. */
const expectQualityAtBothWidths = async (page: Page) => {
  await page.setViewportSize(NARROW);
  await expectPageQuality(page);
  await page.setViewportSize(WIDE);
  await expectPageQuality(page);
};

const signInOnPage = async (page: Page, account: Credentials) => {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
};

describe.skipIf(!browserTestsRun())('the storefront: a forgotten password', { timeout: 150_000 }, () => {
  let smtp: SmtpTestServer;
  let shop: RunningShop;
  let browsing: Browsing;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await startShop({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'TRX Shop <shop@shop.example>' } });
    browsing = await openBrowser(shop.url);
  }, 180_000);
  afterEach(() => browsing?.endTest());
  afterAll(async () => {
    await browsing?.close();
    await shop?.stop();
    await smtp?.close();
  }, 60_000);

  it('a shopper asks for a link on the page, follows the mailed link, sets a new password and signs in with it', async () => {
    const grace = {
      email: 'grace.hopper@example.com',
      username: 'grace_hopper',
      password: 'cobol-compiler-1959',
    };
    const newPassword = 'a-new-moth-in-relay-70';
    await registerCustomer(shop, grace);

    const page = await browsing.newPage();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await heading(page, 'Forgot your password?').waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await expectQualityAtBothWidths(page);

    await page.getByLabel('Email').fill(grace.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), SHOWN_WITHIN)
      .toBe('If an account uses that address, a link is on its way; it works for 30 minutes.');

    // Registering signed in from a new device, so a notice may come first: the reset mail is the one with the link.
    const mail = await smtp.waitForMail(
      (sent) =>
        sent.envelope.to.includes(grace.email) && (sent.text ?? '').includes('/reset-password?token='),
      MAIL_WITHIN_MS,
    );
    const link = mail.text?.match(/\S+\/reset-password\?token=[^\s"<>]+/)?.[0];
    expect(link, 'the reset link in the mail text').toBeDefined();
    expect(new URL(link ?? '').origin).toBe(new URL(shop.url).origin);

    await page.goto(link ?? '');
    await heading(page, 'Choose a new password').waitFor();
    // The token is read once and dropped from the address bar (and the history entry).
    await expect.poll(() => page.url(), SHOWN_WITHIN).toBe(new URL('/reset-password', shop.url).href);
    await expectQualityAtBothWidths(page);

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), SHOWN_WITHIN)
      .toBe('Your password was changed; every device was signed out.');
    await expectPageQuality(page);

    // The old password is refused on the sign-in page, the new one signs in.
    await signInOnPage(page, grace);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent(), SHOWN_WITHIN).toContain('INVALID_CREDENTIALS');
    expect(await shellUser(page, grace.username).count()).toBe(0);

    await signInOnPage(page, { email: grace.email, password: newPassword });
    await shellUser(page, grace.username).waitFor();
  });
});
