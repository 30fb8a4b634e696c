import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MailPage from '../../../src/admin/features/mail/routes/mail-page.js';
import { renderPage } from '../orders/render-page.js';
import { aFailedMessage, aSentMessage, FAILED_ID, mailLog } from './mail-data.js';

const LOG = '/api/admin/mail';
const RETRY = /^\/api\/admin\/mail\/[^/]+\/retry$/;
const TEST = '/api/admin/mail/test';

const logTable = () => screen.findByRole('table', { name: 'Mail' });
const rowOf = async (text: string) => {
  const row = within(await logTable())
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the Mail page: the delivery log', () => {
  it('lists each mail in words with its recipient, status, attempts and errors; Retry only on a failed one', async () => {
    const api = startFakeApi({ method: 'GET', path: LOG, body: mailLog([aFailedMessage(), aSentMessage()]) });
    renderPage('/mail', <MailPage />);

    const failed = await rowOf('Order receipt');
    expect(within(failed).getByText('ada@example.com')).toBeTruthy();
    expect(within(failed).getByText('Failed').className).toContain('mail-status-failed');
    const attempts = within(failed).getByText('2 attempts').closest('details');
    expect(attempts).not.toBeNull();
    expect(attempts?.textContent).toContain('451 4.3.0 Mail server busy');
    expect(attempts?.textContent).toContain('Connection timeout');
    expect(
      within(failed).getByRole('button', { name: 'Retry Order receipt to ada@example.com' }),
    ).toBeTruthy();

    const sent = await rowOf('Test email');
    expect(within(sent).getByText('Sent').className).toContain('mail-status-sent');
    expect(within(sent).getByText('1 attempt').closest('details')?.textContent).toContain('Accepted');
    expect(within(sent).queryByRole('button', { name: /Retry/ })).toBeNull();

    expect(screen.getByText('Mail is sent through your SMTP relay.')).toBeTruthy();
    expect(screen.getByText('2 messages')).toBeTruthy();
    const [request] = api.requestsTo('GET', LOG);
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({ page: '1', limit: '20' });
  });

  it('reads the status filter and page from the URL, and puts a new choice there', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: LOG,
      body: mailLog([aFailedMessage()], 'smtp', { total: 21, page: 2, pages: 2 }),
    });
    const view = renderPage('/mail?status=failed&page=2', <MailPage />);
    await logTable();
    expect(Object.fromEntries(api.requestsTo('GET', LOG)[0]?.url.searchParams ?? [])).toEqual({
      status: 'failed',
      page: '2',
      limit: '20',
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('failed');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'sent' } });
    await waitFor(() =>
      expect(api.requestsTo('GET', LOG).map((request) => request.url.searchParams.get('status'))).toContain(
        'sent',
      ),
    );
    const latest = api.requestsTo('GET', LOG).at(-1);
    expect(latest?.url.searchParams.get('page')).toBe('1');
    expect(view.history.at(-1)).toBe('/mail?status=sent');
  });

  it('leaves a status the API does not know out of the request', async () => {
    const api = startFakeApi({ method: 'GET', path: LOG, body: mailLog([]) });
    renderPage('/mail?status=bounced', <MailPage />);
    await screen.findByText(/No mail yet/);
    expect(api.requestsTo('GET', LOG)[0]?.url.searchParams.has('status')).toBe(false);
  });

  it('says when nothing has the chosen status', async () => {
    startFakeApi({ method: 'GET', path: LOG, body: mailLog([]) });
    renderPage('/mail?status=failed', <MailPage />);
    expect(await screen.findByText('No mail has this status.')).toBeTruthy();
  });

  it("shows the API's code and message when the log cannot be read", async () => {
    startFakeApi({
      method: 'GET',
      path: LOG,
      status: 403,
      body: { success: false, code: 'FORBIDDEN', error: 'Admin access required' },
    });
    renderPage('/mail', <MailPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The mail could not be loaded');
    expect(alert.textContent).toContain('FORBIDDEN');
    expect(alert.textContent).toContain('Admin access required');
  });
});

describe('the Mail page: where mail goes', () => {
  it('warns when mail is held because SMTP_URL is not set', async () => {
    startFakeApi({ method: 'GET', path: LOG, body: mailLog([], 'held') });
    renderPage('/mail', <MailPage />);
    const warning = await screen.findByRole('alert');
    expect(warning.className).toContain('notice-warn');
    expect(warning.textContent).toContain('held: SMTP_URL is not set');
  });

  it('says mail stays in the local mailbox on the embedded default', async () => {
    startFakeApi({ method: 'GET', path: LOG, body: mailLog([], 'mailbox') });
    renderPage('/mail', <MailPage />);
    expect(await screen.findByText(/kept in the local mailbox \(development\)/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the Mail page: retry and test email', () => {
  it('Retry posts the failed message and reads the log again', async () => {
    const api = startFakeApi(
      { method: 'GET', path: LOG, body: mailLog([aFailedMessage()]) },
      {
        method: 'POST',
        path: RETRY,
        status: 202,
        body: {
          success: true,
          message: aFailedMessage({ status: 'pending', nextAttemptAt: '2026-01-15T12:00:00.000Z' }),
        },
      },
    );
    renderPage('/mail', <MailPage />);
    fireEvent.click(
      within(await rowOf('Order receipt')).getByRole('button', {
        name: 'Retry Order receipt to ada@example.com',
      }),
    );

    expect((await screen.findByRole('status')).textContent).toContain(
      'Order receipt to ada@example.com queued again',
    );
    const [retry] = api.requestsTo('POST', RETRY);
    expect(decodeURIComponent(retry?.url.pathname ?? '')).toBe(`/api/admin/mail/${FAILED_ID}/retry`);
    await waitFor(() => expect(api.requestsTo('GET', LOG)).toHaveLength(2));
  });

  it.each([
    [409, 'MAIL_NOT_FAILED', 'Only a failed message can be retried'],
    [404, 'MAIL_MESSAGE_NOT_FOUND', 'Mail message not found'],
  ])("shows the API's %i %s and its message when the retry is refused", async (status, code, error) => {
    startFakeApi(
      { method: 'GET', path: LOG, body: mailLog([aFailedMessage()]) },
      { method: 'POST', path: RETRY, status, body: { success: false, code, error } },
    );
    renderPage('/mail', <MailPage />);
    fireEvent.click(
      within(await rowOf('Order receipt')).getByRole('button', {
        name: 'Retry Order receipt to ada@example.com',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The mail was not queued again');
    expect(alert.textContent).toContain(code);
    expect(alert.textContent).toContain(error);
  });

  it('"Send a test email" says where it was queued and reads the log again', async () => {
    const api = startFakeApi(
      { method: 'GET', path: LOG, body: mailLog([]) },
      {
        method: 'POST',
        path: TEST,
        status: 202,
        body: { success: true, message: aSentMessage({ status: 'pending', sentAt: null, attempts: [] }) },
      },
    );
    renderPage('/mail', <MailPage />);
    await screen.findByText(/No mail yet/);
    api.answer({ method: 'GET', path: LOG, body: mailLog([aSentMessage()]) });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test email' }));

    expect((await screen.findByRole('status')).textContent).toBe('Queued to owner@shop.example');
    expect(await rowOf('Test email')).toBeTruthy();
    expect(api.requestsTo('POST', TEST)).toHaveLength(1);
  });

  it("shows the API's code and message when the test email is refused", async () => {
    startFakeApi(
      { method: 'GET', path: LOG, body: mailLog([]) },
      {
        method: 'POST',
        path: TEST,
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests' },
      },
    );
    renderPage('/mail', <MailPage />);
    await screen.findByText(/No mail yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Send a test email' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The test email was not queued');
    expect(alert.textContent).toContain('RATE_LIMITED');
    expect(alert.textContent).toContain('Too many requests');
  });
});
