import { dispatchMail, type Logger, type Mailer, openLetter } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailboxMailer } from '../../src/adapters/mailbox-mailer.js';
import { createSmtpMailer } from '../../src/adapters/smtp-mailer.js';
import { parseMailFrom, parseSmtpUrl } from '../../src/config/mail-settings.js';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { registerShopper } from '../shop/shop-fixtures.js';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { startSmtpServer } from '../support/smtp-test-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * The admin mail routes (docs/api.md, "Email"): the delivery log, a retry of a failed mail, the
 * test mail to the admin's own address, and the embedded mailbox, which answers only when the
 * service uses it. Messages are sent by the real dispatch use case, through a real SMTP server or
 * the real mailbox adapter.
 */

interface MessageView {
  readonly id: string;
  readonly template: string;
  readonly to: string;
  readonly status: string;
  readonly attempts: readonly { attempt: number; at: string; latencyMs: number; error: string | null }[];
  readonly nextAttemptAt: string | null;
  readonly sentAt: string | null;
}

const SHOP = { name: 'The Tea Shop', publicUrl: 'https://tea.example' };
const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let h: TestApp;
let admin: LoggedIn;
let adminEmail: string;
let adminUsername: string;

beforeAll(async () => {
  h = await createTestApp();
  const stored = await insertAdmin(h);
  adminEmail = stored.user.email;
  adminUsername = stored.user.username;
  admin = await loginAdmin(h, stored.user);
});
afterAll(async () => {
  await h.close();
});

const call = (app: TestApp, who: LoggedIn, method: 'GET' | 'POST', url: string, body?: object) =>
  app.app.inject({
    method,
    url,
    headers: who.jar.header(),
    ...(body === undefined ? {} : { payload: body }),
  });

const requestTest = async (): Promise<MessageView> => {
  const answer = await call(h, admin, 'POST', '/api/admin/mail/test');
  expect(answer.statusCode, answer.body).toBe(202);
  return json(answer).message as MessageView;
};

/** One run of the real dispatch use case with the given mailer, at the fake clock's time. */
const dispatchWith = (mailer: Mailer) =>
  dispatchMail(
    { store: h.store, mailer, vault: h.vault, clock: h.clock, logger: quiet, shop: SHOP },
    { retrySchedule: [] },
    { holder: 'test-dispatcher', claimMs: 30_000 },
    100,
  );

const smtpMailer = (url: string): Mailer => {
  const smtp = parseSmtpUrl(url);
  const from = parseMailFrom('shop@tea.example');
  if (!smtp.ok || !from.ok) throw new Error('the test SMTP settings do not parse');
  return createSmtpMailer({ smtp: smtp.value, from: from.value });
};

const pathOf = (id: string) => encodeURIComponent(id);

describe('POST /api/admin/mail/test', () => {
  it('queues a test mail to the admin’s own address, sealed, naming the admin, a new message each time', async () => {
    const first = await requestTest();
    const second = await requestTest();
    expect(first).toMatchObject({ template: 'test', to: adminEmail, status: 'pending', attempts: [] });
    expect(second.id).not.toBe(first.id);

    const stored = await h.store.mail.findMessage(first.id);
    expect(stored?.status).toBe('pending');
    const letter = await openLetter(h.vault, first.id, stored?.sealed ?? '');
    expect(letter.content).toEqual({ template: 'test', requestedBy: adminUsername });
    expect(letter.recipient.email).toBe(adminEmail);
  });
});

describe('GET /api/admin/mail', () => {
  it('lists the queue newest first with where mail goes, and never the sealed letter', async () => {
    const queued = await requestTest();
    const answer = await call(h, admin, 'GET', '/api/admin/mail?limit=100');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = json(answer);
    expect(body.delivery).toBe('mailbox');
    const messages = body.messages as MessageView[];
    expect(messages[0]?.id).toBe(queued.id);
    const stored = await h.store.mail.findMessage(queued.id);
    expect(answer.body).not.toContain(stored?.sealed ?? 'no sealed letter');
    expect(answer.body).not.toContain('requestedBy');
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual(
      ['attempts', 'createdAt', 'id', 'nextAttemptAt', 'sentAt', 'status', 'template', 'to'].sort(),
    );
  });

  it('answers 400 VALIDATION_ERROR for an unknown status', async () => {
    expectError(await call(h, admin, 'GET', '/api/admin/mail?status=lost'), 400, 'VALIDATION_ERROR');
  });
});

describe('POST /api/admin/mail/:id/retry', () => {
  it('queues a failed mail again, refuses a pending or sent one with 409 MAIL_NOT_FAILED, and the log shows every attempt', async () => {
    const server = await startSmtpServer({ auth: false });
    try {
      // Everything queued so far goes out first, so the next run holds only the message under test.
      await dispatchWith(smtpMailer(server.url));
      const message = await requestTest();
      server.failNext(1, 550);
      await dispatchWith(smtpMailer(server.url));

      const failed = json(await call(h, admin, 'GET', '/api/admin/mail?status=failed&limit=100'))
        .messages as MessageView[];
      expect(failed.map((listed) => listed.id)).toContain(message.id);
      const logged = failed.find((listed) => listed.id === message.id);
      expect(logged?.attempts).toHaveLength(1);
      expect(logged?.attempts[0]?.error).toContain('550');
      expect(failed.every((listed) => listed.status === 'failed')).toBe(true);

      const retried = await call(h, admin, 'POST', `/api/admin/mail/${pathOf(message.id)}/retry`);
      expect(retried.statusCode, retried.body).toBe(202);
      expect(json(retried).message).toMatchObject({ id: message.id, status: 'pending' });
      expect((await h.store.mail.findMessage(message.id))?.status).toBe('pending');
      expectError(
        await call(h, admin, 'POST', `/api/admin/mail/${pathOf(message.id)}/retry`),
        409,
        'MAIL_NOT_FAILED',
      );

      await dispatchWith(smtpMailer(server.url));
      const delivered = await server.waitForMail((mail) => mail.envelope.to.includes(adminEmail));
      expect(delivered.subject).toContain('Test email');
      const sent = (await h.store.mail.findMessage(message.id)) ?? null;
      expect(sent?.status).toBe('sent');
      expect(sent?.attempts.map((attempt) => attempt.error === null)).toEqual([false, true]);
      expectError(
        await call(h, admin, 'POST', `/api/admin/mail/${pathOf(message.id)}/retry`),
        409,
        'MAIL_NOT_FAILED',
      );
    } finally {
      await server.close();
    }
  });

  it('answers 404 MAIL_MESSAGE_NOT_FOUND for an id nothing was queued under', async () => {
    expectError(
      await call(h, admin, 'POST', `/api/admin/mail/${pathOf('nothing:test:nobody')}/retry`),
      404,
      'MAIL_MESSAGE_NOT_FOUND',
    );
  });

  it('answers 400 VALIDATION_ERROR for a body, and 400 INVALID_ID for an id over 400 characters', async () => {
    expectError(
      await call(h, admin, 'POST', '/api/admin/mail/some-id/retry', { now: true }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(h, admin, 'POST', `/api/admin/mail/${'x'.repeat(401)}/retry`),
      400,
      'INVALID_ID',
    );
  });
});

describe('the embedded mailbox', () => {
  it('shows a mail the mailbox kept: subject, recipient, both parts; 404 for one it never kept', async () => {
    const message = await requestTest();
    await dispatchWith(createMailboxMailer(h.store.mailbox, h.clock));

    const listed = await call(h, admin, 'GET', '/api/admin/mailbox?limit=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const mails = json(listed).mails as { messageId: string; subject: string }[];
    expect(mails.map((mail) => mail.messageId)).toContain(message.id);

    const one = await call(h, admin, 'GET', `/api/admin/mailbox/${pathOf(message.id)}`);
    expect(one.statusCode, one.body).toBe(200);
    const mail = json(one).mail as Record<string, string>;
    expect(mail.to).toBe(adminEmail);
    expect(mail.subject).toContain('Test email');
    expect(mail.text).toContain(adminUsername);
    expect(mail.text).toContain(SHOP.name);
    expect(mail.html).toContain(SHOP.publicUrl);
    expect(Date.parse(mail.deliveredAt ?? '')).toBe(h.clock.now().getTime());

    expectError(
      await call(h, admin, 'GET', `/api/admin/mailbox/${pathOf('nothing:test:nobody')}`),
      404,
      'MAIL_MESSAGE_NOT_FOUND',
    );
  });

  it('answers 404 MAILBOX_NOT_IN_USE over SMTP and when mail is held (production without SMTP_URL)', async () => {
    for (const options of [{ production: true }, { mailDelivery: 'smtp' as const }]) {
      const other = await createTestApp({ devnet: h.devnet, ...options });
      try {
        const otherAdmin = await loginAdmin(other, (await insertAdmin(other)).user);
        const log = await call(other, otherAdmin, 'GET', '/api/admin/mail');
        expect(json(log).delivery).toBe(options.production ? 'held' : 'smtp');
        expectError(await call(other, otherAdmin, 'GET', '/api/admin/mailbox'), 404, 'MAILBOX_NOT_IN_USE');
        expectError(
          await call(other, otherAdmin, 'GET', `/api/admin/mailbox/${pathOf('any:test:one')}`),
          404,
          'MAILBOX_NOT_IN_USE',
        );
      } finally {
        await other.close();
      }
    }
  });
});

describe('who may use the mail routes', () => {
  const ROUTES = [
    ['GET', '/api/admin/mail'],
    ['POST', '/api/admin/mail/test'],
    ['POST', '/api/admin/mail/any-id/retry'],
    ['GET', '/api/admin/mailbox'],
    ['GET', '/api/admin/mailbox/any-id'],
  ] as const;

  it('answers 401 without credentials and 403 FORBIDDEN to a customer', async () => {
    const customer = await registerShopper(h);
    for (const [method, url] of ROUTES) {
      expectError(await h.app.inject({ method, url }), 401, 'UNAUTHENTICATED');
      expectError(await call(h, customer, method, url), 403, 'FORBIDDEN');
    }
  });

  it('lets a mail:write key send the test mail to its creator, and refuses a mail:read key with 403 INSUFFICIENT_SCOPE', async () => {
    const keyWith = async (scope: string) => {
      const created = await call(h, admin, 'POST', '/api/admin/api-keys', { name: scope, scopes: [scope] });
      expect(created.statusCode, created.body).toBe(201);
      return json(created).key as string;
    };
    const reader = await keyWith('mail:read');
    const writer = await keyWith('mail:write');

    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/admin/mail/test',
      headers: { 'x-api-key': reader },
    });
    expectError(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(json(refused).requiredScope).toBe('mail:write');
    const read = await h.app.inject({
      method: 'GET',
      url: '/api/admin/mail',
      headers: { 'x-api-key': reader },
    });
    expect(read.statusCode, read.body).toBe(200);

    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/admin/mail/test',
      headers: { 'x-api-key': writer },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(json(sent).message).toMatchObject({ template: 'test', to: adminEmail });
  });
});
