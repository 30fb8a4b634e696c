import {
  ADMIN,
  call,
  eventually,
  expectStatus,
  logIn,
  makeDataDir,
  registerAccount,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
} from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpServer } from '../support/smtp-test-server.js';
import { startTestDevnet } from '../support/test-app.js';
import { startWebhookReceiver } from '../webhooks/webhook-receiver.js';

/*
 * Mail delivered by the real service process (docs/operations.md, "Email"): the admin's test mail
 * over a real SMTP server (its content, its Message-ID, retries after refusals), exactly once
 * with two instances on one store and across a kill -9 mid-send, the embedded mailbox without
 * SMTP_URL, and mail held queued in production without it.
 */

const SHOP_NAME = 'The Tea Shop';
const PUBLIC_URL = 'https://tea.example';
const ADMIN_USERNAME = 'teashopowner';
const MAIL_FROM_ADDRESS = 'mailer@tea.example';

let node: RunningDevnet;
beforeAll(async () => {
  node = await startTestDevnet();
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

const baseEnv = () => ({
  TRON_FULL_HOST: node.url,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_USERNAME,
  SHOP_NAME,
  LISTENER_INTERVAL_MS: '600000',
  EVENT_POLL_INTERVAL_MS: '50',
});

const smtpEnv = (server: SmtpTestServer) => ({
  ...baseEnv(),
  SMTP_URL: server.url,
  MAIL_FROM: `${SHOP_NAME} <${MAIL_FROM_ADDRESS}>`,
  PUBLIC_URL,
  MAIL_RETRY_SCHEDULE: '500ms,500ms',
});

interface LoggedMail {
  readonly id: string;
  readonly status: string;
  readonly attempts: readonly { readonly attempt: number; readonly error: string | null }[];
}

/** The Message-ID the docs promise: the message id with every byte but [A-Za-z0-9_-] as `=XX`, at MAIL_FROM's domain. */
const expectedMessageId = (id: string) =>
  `<${id.replace(/[^A-Za-z0-9_-]/g, (char) => `=${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}@tea.example>`;

const requestTestMail = async (service: ServiceProcess, token: string): Promise<string> => {
  const answer = expectStatus(
    await call(service.apiUrl, 'POST', '/api/admin/mail/test', { token }),
    202,
    'request a test mail',
  );
  return (answer.body.message as { id: string }).id;
};

const deliveryLog = async (service: ServiceProcess, token: string) => {
  const answer = expectStatus(
    await call(service.apiUrl, 'GET', '/api/admin/mail?limit=100', { token }),
    200,
    'read the delivery log',
  );
  return answer.body as {
    delivery: string;
    messages: LoggedMail[];
    pagination: { total: number };
  };
};

const loggedMail = async (service: ServiceProcess, token: string, id: string): Promise<LoggedMail | null> =>
  (await deliveryLog(service, token)).messages.find((message) => message.id === id) ?? null;

const arrivals = (server: SmtpTestServer, id: string) =>
  server.received.filter((mail) => mail.messageId === expectedMessageId(id)).length;

/**
 * Queues one more test mail and waits until it arrives: the dispatchers have run past everything
 * queued before it, so a repeat of an earlier message would have arrived by now.
 */
const sendMarker = async (service: ServiceProcess, token: string, server: SmtpTestServer) => {
  const marker = await requestTestMail(service, token);
  await server.waitForMail((mail) => mail.messageId === expectedMessageId(marker), 30_000);
  return marker;
};

describe('over a real SMTP server', () => {
  let server: SmtpTestServer;
  let dataDir: string;
  let service: ServiceProcess;
  let token: string;
  beforeAll(async () => {
    server = await startSmtpServer();
    dataDir = await makeDataDir();
    service = await startServiceProcess(dataDir, smtpEnv(server));
    token = await logIn(service.apiUrl, ADMIN.email, ADMIN.password);
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await server?.close();
    if (dataDir) await removeDataDir(dataDir);
  });

  it('delivers the admin’s test mail once: recipient, subject, both parts, the shop’s name and link, its Message-ID; the banner names the relay, never its password', async () => {
    expect(service.stderr()).toContain(
      `Mail       SMTP smtp://127.0.0.1:${server.port} from ${MAIL_FROM_ADDRESS}`,
    );
    const id = await requestTestMail(service, token);
    const mail = await server.waitForMail((received) => received.messageId === expectedMessageId(id));

    expect(mail.envelope).toEqual({ from: MAIL_FROM_ADDRESS, to: [ADMIN.email] });
    expect(mail.headers.get('to')).toContain(ADMIN.email);
    expect(mail.subject).toBe(`${SHOP_NAME}: Test email`);
    expect(mail.user).toBe(server.user);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(SHOP_NAME);
      expect(part).toContain(PUBLIC_URL);
      expect(part).toContain(ADMIN_USERNAME);
    }
    expect(mail.html).toMatch(/<html/i);

    await sendMarker(service, token, server);
    expect(arrivals(server, id)).toBe(1);
    expect(await loggedMail(service, token, id)).toMatchObject({
      status: 'sent',
      attempts: [{ error: null }],
    });
    expect(service.output()).not.toContain(server.password);
  }, 60_000);

  it('retries after the relay refuses twice (451): one message arrives and the log shows three attempts', async () => {
    server.failNext(2);
    const id = await requestTestMail(service, token);
    await server.waitForMail((received) => received.messageId === expectedMessageId(id), 30_000);
    const logged = await eventually(
      () => loggedMail(service, token, id),
      (message) => message?.status === 'sent',
      'the retried mail logged as sent',
    );
    expect(logged?.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3]);
    expect(logged?.attempts[0]?.error).toContain('451');
    expect(logged?.attempts[1]?.error).toContain('451');
    expect(logged?.attempts[2]?.error).toBeNull();
    expect(server.refused()).toBe(2);

    await sendMarker(service, token, server);
    expect(arrivals(server, id)).toBe(1);
  }, 60_000);

  it('mails a customer the notice of their own password change, from the event log, once', async () => {
    const customer = await registerAccount(service.apiUrl);
    const newPassword = `${customer.password}-changed`;
    expectStatus(
      await call(service.apiUrl, 'PUT', '/api/users/password', {
        token: customer.token,
        body: { currentPassword: customer.password, newPassword },
      }),
      200,
      'change the password',
    );
    const toCustomer = (mail: { envelope: { to: readonly string[] } }) =>
      mail.envelope.to.includes(customer.email);
    const notice = await server.waitForMail(
      (mail) => toCustomer(mail) && mail.subject === `${SHOP_NAME}: Your password was changed`,
      30_000,
    );
    for (const part of [notice.text, notice.html]) {
      expect(part).toContain(customer.username);
      expect(part).not.toContain(newPassword);
    }

    await sendMarker(service, token, server);
    expect(
      server.received.filter((mail) => toCustomer(mail) && mail.subject === notice.subject),
    ).toHaveLength(1);
  }, 60_000);
});

describe('two instances on one store', () => {
  it('queue each test mail once and deliver each once, whichever instance was asked', async () => {
    const server = await startSmtpServer();
    const dataDir = await makeDataDir();
    const started: ServiceProcess[] = [];
    try {
      // One after the other: the first writes the secrets file the second reads.
      const a = await startServiceProcess(dataDir, smtpEnv(server));
      started.push(a);
      const b = await startServiceProcess(dataDir, smtpEnv(server));
      started.push(b);
      const tokenA = await logIn(a.apiUrl, ADMIN.email, ADMIN.password);
      const tokenB = await logIn(b.apiUrl, ADMIN.email, ADMIN.password);
      const before = (await deliveryLog(a, tokenA)).pagination.total;

      const ids: string[] = [];
      for (let round = 0; round < 3; round += 1) {
        ids.push(await requestTestMail(a, tokenA));
        ids.push(await requestTestMail(b, tokenB));
      }
      for (const id of ids) {
        await server.waitForMail((mail) => mail.messageId === expectedMessageId(id), 30_000);
      }
      await sendMarker(b, tokenB, server);

      expect(ids.map((id) => arrivals(server, id))).toEqual(ids.map(() => 1));
      const log = await deliveryLog(b, tokenB);
      // The six mails and the marker: neither instance queued anything else.
      expect(log.pagination.total - before).toBe(ids.length + 1);
      for (const id of ids) {
        expect(log.messages.find((message) => message.id === id)).toMatchObject({
          status: 'sent',
          attempts: [{ attempt: 1, error: null }],
        });
      }
    } finally {
      for (const service of started) await service.stop();
      await server.close();
      await removeDataDir(dataDir);
    }
  }, 120_000);
});

describe('a kill -9 while the relay holds the message unanswered', () => {
  it('delivers it exactly once after a restart, once the dead instance’s claim expired', async () => {
    const server = await startSmtpServer();
    const dataDir = await makeDataDir();
    // A claim lasts twice SMTP_TIMEOUT_MS + 5 s: 7 s here instead of 65 s.
    const env = { ...smtpEnv(server), SMTP_TIMEOUT_MS: '1000' };
    const started: ServiceProcess[] = [];
    try {
      const first = await startServiceProcess(dataDir, env);
      started.push(first);
      const firstToken = await logIn(first.apiUrl, ADMIN.email, ADMIN.password);
      server.holdNext(1);
      const id = await requestTestMail(first, firstToken);
      await server.waitForHeld(1);
      const killed = await first.stop('SIGKILL');
      expect(killed.signal).toBe('SIGKILL');
      expect(arrivals(server, id)).toBe(0);

      const second = await startServiceProcess(dataDir, env);
      started.push(second);
      const token = await logIn(second.apiUrl, ADMIN.email, ADMIN.password);
      await server.waitForMail((mail) => mail.messageId === expectedMessageId(id), 45_000);
      await sendMarker(second, token, server);

      expect(arrivals(server, id)).toBe(1);
      expect(await loggedMail(second, token, id)).toMatchObject({ status: 'sent' });
    } finally {
      for (const service of started) await service.stop();
      await server.close();
      await removeDataDir(dataDir);
    }
  }, 120_000);
});

describe('without SMTP_URL', () => {
  it('outside production: the test mail lands in the embedded mailbox and the mailbox routes show it', async () => {
    const dataDir = await makeDataDir();
    const service = await startServiceProcess(dataDir, baseEnv());
    try {
      expect(service.stderr()).toContain('Mail       local mailbox in the store');
      const token = await logIn(service.apiUrl, ADMIN.email, ADMIN.password);
      const id = await requestTestMail(service, token);

      const listed = await eventually(
        async () =>
          expectStatus(
            await call(service.apiUrl, 'GET', '/api/admin/mailbox?limit=100', { token }),
            200,
            'list the mailbox',
          ).body.mails as { messageId: string }[],
        (mails) => mails.some((mail) => mail.messageId === id),
        'the test mail in the mailbox',
      );
      expect(listed.filter((mail) => mail.messageId === id)).toHaveLength(1);

      const one = expectStatus(
        await call(service.apiUrl, 'GET', `/api/admin/mailbox/${encodeURIComponent(id)}`, { token }),
        200,
        'read the mail',
      ).body.mail as Record<string, string>;
      expect(one.to).toBe(ADMIN.email);
      expect(one.subject).toBe(`${SHOP_NAME}: Test email`);
      // Without PUBLIC_URL, outside production, links point at the service itself.
      const ownOrigin = new URL(service.apiUrl).origin;
      expect(one.text).toContain(ownOrigin);
      expect(one.html).toContain(ownOrigin);
      expect(one.text).toContain(ADMIN_USERNAME);

      const log = await deliveryLog(service, token);
      expect(log.delivery).toBe('mailbox');
      expect(log.messages.find((message) => message.id === id)?.status).toBe('sent');
    } finally {
      await service.stop();
      await removeDataDir(dataDir);
    }
  }, 90_000);

  it('in production: one warning, the mail stays pending with no attempt, and the mailbox routes answer 404', async () => {
    const dataDir = await makeDataDir();
    const receiver = await startWebhookReceiver();
    const service = await startServiceProcess(dataDir, {
      ...baseEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      TRON_NETWORK: 'devnet',
      PUBLIC_URL,
      JWT_ACCESS_SECRET: 'a'.repeat(40),
      JWT_REFRESH_SECRET: 'r'.repeat(40),
      WALLET_ENCRYPTION_KEY: 'ab'.repeat(32),
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
    });
    try {
      const token = await logIn(service.apiUrl, ADMIN.email, ADMIN.password);
      const id = await requestTestMail(service, token);

      // A webhook ping queued after the mail and delivered: the background dispatch has run since.
      const created = expectStatus(
        await call(service.apiUrl, 'POST', '/api/admin/webhooks', { token, body: { url: receiver.url } }),
        201,
        'add a webhook endpoint',
      );
      const webhookId = (created.body.webhook as { _id: string })._id;
      expectStatus(
        await call(service.apiUrl, 'POST', `/api/admin/webhooks/${webhookId}/ping`, { token }),
        202,
        'ping it',
      );
      await eventually(
        async () => receiver.received.some((request) => request.body.includes('webhook.ping')),
        (arrived) => arrived,
        'the ping at the receiver',
      );

      const log = await deliveryLog(service, token);
      expect(log.delivery).toBe('held');
      expect(log.messages.find((message) => message.id === id)).toMatchObject({
        status: 'pending',
        attempts: [],
      });
      const warnings = service
        .output()
        .split('\n')
        .filter((line) => line.includes('mail stays queued, sealed, until it is'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('"level":40');

      for (const path of ['/api/admin/mailbox', `/api/admin/mailbox/${encodeURIComponent(id)}`]) {
        const answer = await call(service.apiUrl, 'GET', path, { token });
        expect({ status: answer.status, code: answer.body.code }).toEqual({
          status: 404,
          code: 'MAILBOX_NOT_IN_USE',
        });
      }
    } finally {
      await service.stop();
      await receiver.close();
      await removeDataDir(dataDir);
    }
  }, 90_000);
});
