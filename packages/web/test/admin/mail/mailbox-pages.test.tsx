import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import MailboxMailPage from '../../../src/admin/features/mail/routes/mailbox-mail-page.js';
import MailboxPage from '../../../src/admin/features/mail/routes/mailbox-page.js';
import { renderPage } from '../orders/render-page.js';
import { aMailboxMail, mailbox, SENT_ID } from './mail-data.js';

const MAILBOX = '/api/admin/mailbox';
const ONE_MAIL = /^\/api\/admin\/mailbox\/[^/]+$/;

/** Both mailbox pages routed as the admin app routes them, so a link can be followed. */
const mailboxRoutes = (
  <>
    <Route path="/mailbox" component={MailboxPage} />
    <Route path="/mailbox/:messageId">{(params) => <MailboxMailPage messageId={params.messageId} />}</Route>
  </>
);

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the Mailbox page', () => {
  it('lists the mails with subject, recipient and time; the subject opens the mail', async () => {
    const api = startFakeApi(
      {
        method: 'GET',
        path: MAILBOX,
        body: mailbox([
          aMailboxMail(),
          aMailboxMail({ messageId: 'other', subject: 'Your order is paid', to: 'ada@example.com' }),
        ]),
      },
      { method: 'GET', path: ONE_MAIL, body: { success: true, mail: aMailboxMail() } },
    );
    const view = renderPage('/mailbox', mailboxRoutes);

    const table = await screen.findByRole('table', { name: 'Mailbox' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'TRX Shop: test email',
      'Your order is paid',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('ada@example.com')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('time')
        .getAttribute('dateTime'),
    ).toBe('2026-01-15T11:00:01.000Z');

    fireEvent.click(within(table).getByRole('link', { name: 'TRX Shop: test email' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'TRX Shop: test email' })).toBeTruthy();
    expect(view.history.at(-1)).toBe(`/mailbox/${encodeURIComponent(SENT_ID)}`);
    const [opened] = api.requestsTo('GET', ONE_MAIL);
    expect(decodeURIComponent(opened?.url.pathname ?? '')).toBe(`${MAILBOX}/${SENT_ID}`);
  });

  it('sends the page from the URL and says when the mailbox is empty', async () => {
    const api = startFakeApi({ method: 'GET', path: MAILBOX, body: mailbox([]) });
    renderPage('/mailbox', mailboxRoutes);
    expect(await screen.findByText(/The mailbox is empty/)).toBeTruthy();
    expect(Object.fromEntries(api.requestsTo('GET', MAILBOX)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      limit: '20',
    });
  });

  it("shows the API's MAILBOX_NOT_IN_USE and its message where mail goes through a relay", async () => {
    startFakeApi({
      method: 'GET',
      path: MAILBOX,
      status: 404,
      body: { success: false, code: 'MAILBOX_NOT_IN_USE', error: 'The local mailbox is not in use' },
    });
    renderPage('/mailbox', mailboxRoutes);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('MAILBOX_NOT_IN_USE');
    expect(alert.textContent).toContain('The local mailbox is not in use');
  });
});

describe('one mail of the mailbox', () => {
  it('shows the text part as text (its link not a link) and the HTML part in a frame with no permissions', async () => {
    startFakeApi({ method: 'GET', path: ONE_MAIL, body: { success: true, mail: aMailboxMail() } });
    renderPage(`/mailbox/${encodeURIComponent(SENT_ID)}`, mailboxRoutes);

    const textPart = await screen.findByRole('region', { name: 'Text part' });
    const pre = textPart.querySelector('pre');
    expect(pre?.textContent).toBe(aMailboxMail().text);
    expect(within(textPart).queryByRole('link')).toBeNull();

    const frame = screen.getByTitle<HTMLIFrameElement>('HTML part of TRX Shop: test email');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(aMailboxMail().html);
    expect(screen.getByText('owner@shop.example')).toBeTruthy();
  });

  it("shows the API's code and message for a mail that is not there", async () => {
    startFakeApi({
      method: 'GET',
      path: ONE_MAIL,
      status: 404,
      body: { success: false, code: 'MAIL_MESSAGE_NOT_FOUND', error: 'Mail message not found' },
    });
    renderPage('/mailbox/nope', mailboxRoutes);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('MAIL_MESSAGE_NOT_FOUND');
    expect(alert.textContent).toContain('Mail message not found');
    expect(screen.getByRole('heading', { level: 1, name: 'Mail' })).toBeTruthy();
  });
});
