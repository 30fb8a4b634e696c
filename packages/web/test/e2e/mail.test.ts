// @vitest-environment node
import { unwrap } from '@trx-shop/client';
import { eventually } from '@trx-shop/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/accounts.js';
import { mainNavigation, signIn } from './support/admin-pages.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long the page may take to show what the mail sender did in the background: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000 } as const;

describe.skipIf(!browserTestsRun())('the admin mail pages against a real shop', { timeout: 120_000 }, () => {
  let shop: RunningShop;
  let browsing: Browsing;

  beforeAll(async () => {
    // The embedded default: no SMTP_URL, so mail is kept in the local mailbox.
    shop = await startShop();
    browsing = await openBrowser(shop.url);
  }, 120_000);
  afterEach(() => browsing?.endTest());
  afterAll(async () => {
    await browsing?.close();
    await shop?.stop();
  }, 60_000);

  it('at 360 px the admin sends a test email and reads it in the Mailbox, both parts shown', async () => {
    const admin = await signedInClient(shop, shop.admin);
    const page = await browsing.newPage({ viewport: NARROW });
    await signIn(page, shop.admin, '/admin/mail');
    await page.getByRole('heading', { name: 'Mail', level: 1 }).waitFor();
    await page.getByText('kept in the local mailbox (development)').waitFor();
    await expectPageQuality(page);

    await page.getByRole('button', { name: 'Send a test email' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Queued to ${shop.admin.email}` })
      .waitFor();
    // The log is read again: the new message is listed.
    await page.getByRole('table', { name: 'Mail' }).getByRole('cell', { name: 'Test email' }).waitFor();

    // What is stored: one test message to the admin, delivered into the mailbox.
    const { mails } = await eventually(
      () => unwrap(admin.GET('/api/admin/mailbox')),
      (answer) => answer.mails.some((mail) => mail.to === shop.admin.email),
      'the test email in the mailbox',
    );
    const mail = mails.find((candidate) => candidate.to === shop.admin.email);
    expect(mail?.subject).toMatch(/Test email$/);
    const { messages, delivery } = await unwrap(
      admin.GET('/api/admin/mail', { params: { query: { status: 'sent' } } }),
    );
    expect(delivery).toBe('mailbox');
    expect(messages.filter((message) => message.template === 'test').map((message) => message.to)).toEqual([
      shop.admin.email,
    ]);

    // The Mailbox entry is in the menu (mail stays local here) and lists the mail by its subject.
    await mainNavigation(page).getByRole('link', { name: 'Mailbox' }).click();
    await page.getByRole('heading', { name: 'Mailbox', level: 1 }).waitFor();
    const subject = page
      .getByRole('table', { name: 'Mailbox' })
      .getByRole('link', { name: mail?.subject ?? '' });
    await subject.waitFor(SHOWN_WITHIN);
    await expectPageQuality(page);

    await subject.click();
    await page.getByRole('heading', { name: mail?.subject ?? '', level: 1 }).waitFor();
    const textPart = page.getByRole('region', { name: 'Text part' });
    await textPart.getByText('If you can read it, mail delivery works.').waitFor();
    // The sandboxed HTML part renders under the page's CSP (a violation would fail endTest).
    await page
      .frameLocator(`iframe[title="HTML part of ${mail?.subject}"]`)
      .getByText('If you can read it, mail delivery works.')
      .waitFor();
    await expectPageQuality(page);
  });
});
