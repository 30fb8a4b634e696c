// @vitest-environment node
import { unwrap } from '@trx-shop/client';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpServer } from '../../../api/test/support/smtp-test-server.js';
import { signedInClient } from './support/accounts.js';
import { type Browsing, NARROW, openBrowser, WIDE } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page or the mail may take: the machine is shared and mail is sent from the event log. */
const SHOWN_WITHIN = { timeout: 20_000 } as const;
const POLLED_WITHIN = { timeout: 20_000, interval: 100 } as const;
const MAIL_WITHIN_MS = 30_000;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const shellUser = (page: Page, username: string) =>
  page.getByRole('banner').getByRole('link', { name: username, exact: true });
const emailCard = (page: Page) => page.getByRole('region', { name: 'Email address and receipts' });

/** The verification link mailed to `address` (registration and a new email each send one). */
const verificationLinkTo = async (smtp: SmtpTestServer, address: string): Promise<string> => {
  const mail = await smtp.waitForMail(
    (sent) => sent.envelope.to.includes(address) && (sent.text ?? '').includes('/verify-email?token='),
    MAIL_WITHIN_MS,
  );
  const link = mail.text?.match(/\S+\/verify-email\?token=[^\s"<>]+/)?.[0];
  if (!link) throw new Error(`no verification link in the mail to ${address}:\n${mail.text}`);
  return link;
};

/** Follows a mailed link in the page and waits for the verification page to say it is confirmed. */
const followVerificationLink = async (page: Page, link: string) => {
  await page.goto(link);
  await heading(page, 'Confirm your email address').waitFor();
  await expect
    .poll(() => page.getByRole('status').textContent(), POLLED_WITHIN)
    .toBe('Your email address is confirmed.');
};

const openAccount = async (page: Page) => {
  await page.goto('/account');
  await heading(page, 'Your account').waitFor();
};

/** Waits for the account page's email card to show `address` as `state`. */
const expectAddressShown = async (page: Page, address: string, state: 'Confirmed' | 'Not confirmed yet') => {
  const card = emailCard(page);
  await card.getByText(address, { exact: true }).waitFor(SHOWN_WITHIN);
  await card.getByText(state, { exact: true }).waitFor(SHOWN_WITHIN);
};

describe.skipIf(!browserTestsRun())(
  'the storefront: confirming and changing the email address',
  { timeout: 150_000 },
  () => {
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

    it('a shopper registers, follows the mailed link, moves the account to a new address with the password and confirms that one too', async () => {
      const mary = {
        email: 'mary.somerville@example.com',
        username: 'mary_somerville',
        password: 'mechanism-of-the-heavens',
      };
      const newEmail = 'mary.s@example.org';

      const page = await browsing.newPage();
      await page.goto('/register');
      const register = page.getByRole('form', { name: 'Create an account' });
      await register.getByLabel('Email').fill(mary.email);
      await register.getByLabel('Username').fill(mary.username);
      await register.getByLabel('Password', { exact: true }).fill(mary.password);
      await register.getByLabel('Confirm password').fill(mary.password);
      await register.getByRole('button', { name: 'Create account' }).click();
      await shellUser(page, mary.username).waitFor();

      // The registration's link, read from the SMTP server, confirms the first address.
      await openAccount(page);
      await expectAddressShown(page, mary.email, 'Not confirmed yet');
      await followVerificationLink(page, await verificationLinkTo(smtp, mary.email));
      await expectPageQuality(page);
      await openAccount(page);
      await expectAddressShown(page, mary.email, 'Confirmed');

      // The new address and the password, sent from the keyboard.
      const change = page.getByRole('form', { name: 'Change email address' });
      await change.getByLabel('New email address').fill(newEmail);
      await change.getByLabel('Current password').fill(mary.password);
      await change.getByLabel('Current password').press('Enter');
      await expect
        .poll(() => change.getByRole('status').textContent(), POLLED_WITHIN)
        .toBe(
          `We sent a confirmation link to ${newEmail}; your account shows it as not confirmed until you follow that link. ${mary.email} was told of the change.`,
        );
      await expectAddressShown(page, newEmail, 'Not confirmed yet');
      expect(await emailCard(page).getByText(mary.email, { exact: true }).count()).toBe(0);
      await page.setViewportSize(NARROW);
      await expectPageQuality(page);
      await page.setViewportSize(WIDE);

      // The old address is told, naming the new one; the new one gets its own link.
      const notice = await smtp.waitForMail(
        (sent) =>
          sent.envelope.to.includes(mary.email) &&
          sent.subject?.endsWith('Your email address was changed') === true,
        MAIL_WITHIN_MS,
      );
      expect(notice.text).toContain(newEmail);
      await followVerificationLink(page, await verificationLinkTo(smtp, newEmail));
      await openAccount(page);
      await expectAddressShown(page, newEmail, 'Confirmed');

      // Stored: the account signs in with the new address, confirmed; the old one no longer signs in.
      const client = await signedInClient(shop, { email: newEmail, password: mary.password });
      const { user } = await unwrap(client.GET('/api/users/profile'));
      expect({ email: user.email, emailVerified: user.emailVerified }).toEqual({
        email: newEmail,
        emailVerified: true,
      });
      await expect(
        signedInClient(shop, { email: mary.email, password: mary.password }),
      ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    });
  },
);
