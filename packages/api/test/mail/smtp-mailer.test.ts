import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { OutgoingMail } from '@trx-shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, type SmtpTimeouts } from '../../src/adapters/smtp-mailer.js';
import {
  type MailFrom,
  parseMailFrom,
  parseSmtpUrl,
  type SmtpSettings,
} from '../../src/config/mail-settings.js';
import { type SmtpTestServer, startSmtpServer } from '../support/smtp-test-server.js';

/* The SMTP mailer against a real SMTP server on loopback: what arrives, and how each failure reads. */

const FAST: SmtpTimeouts = { connectionMs: 2_000, greetingMs: 500, socketMs: 1_000 };

const settingsOf = (url: string): SmtpSettings => {
  const parsed = parseSmtpUrl(url);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
};

const FROM: MailFrom = (() => {
  const parsed = parseMailFrom('The Tea Shop <orders@tea.example>');
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
})();

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  messageId: 'evt-41:order-paid:user-7',
  to: 'alice@customer.example',
  subject: 'Your receipt for order TS-1042 — 12.5 TRX',
  text: 'Thank you, Alice.\nOrder TS-1042: 12.5 TRX, paid.\nhttps://tea.example/orders/1042',
  html: '<p>Thank you, Alice.</p><p>Order <b>TS-1042</b>: 12.5 TRX, paid. Ünïcödé &amp; more.</p>',
  ...overrides,
});

/** A TCP server that scripts its replies by hand (never answering, or echoing what it was sent). */
const startScriptedServer = async (
  onConnection: (socket: Socket) => void,
): Promise<{ port: number; close: () => Promise<void> }> => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
};

describe('the SMTP mailer', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  afterEach(() => smtp.failNext(0));

  const mailer = () => createSmtpMailer({ smtp: settingsOf(smtp.url), from: FROM, timeouts: FAST });

  it('delivers to the envelope recipient with the subject, both parts and a Message-ID made from the id', async () => {
    const before = smtp.received.length;
    expect(await mailer().send(mail())).toEqual({ ok: true });

    expect(smtp.received).toHaveLength(before + 1);
    const received = smtp.received[before];
    expect(received?.envelope).toEqual({ from: 'orders@tea.example', to: ['alice@customer.example'] });
    expect(received?.user).toBe(smtp.user);
    expect(received?.subject).toBe('Your receipt for order TS-1042 — 12.5 TRX');
    expect(received?.text).toBe(mail().text);
    expect(received?.html).toBe(mail().html);
    expect(received?.messageId).toBe('<evt-41=3Aorder-paid=3Auser-7@tea.example>');
    expect(received?.headers.get('from')).toBe('The Tea Shop <orders@tea.example>');
    expect(received?.headers.get('to')).toBe('alice@customer.example');
  });

  it('gives every attempt of one message the same Message-ID, and other messages other ones', async () => {
    const before = smtp.received.length;
    await mailer().send(mail());
    await mailer().send(mail());
    await mailer().send(mail({ messageId: 'evt-41:order-paid:user-8' }));
    const ids = smtp.received.slice(before).map((received) => received.messageId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[2]).toBe('<evt-41=3Aorder-paid=3Auser-8@tea.example>');
  });

  it('lets a test wait for the mail it expects (the helper later tests read mail with)', async () => {
    const arriving = smtp.waitForMail((received) => received.envelope.to.includes('bob@customer.example'));
    await mailer().send(mail({ to: 'bob@customer.example', subject: 'Reset your password' }));
    expect((await arriving).subject).toBe('Reset your password');
  });

  it('encodes any character of the id so the Message-ID stays one valid atom', async () => {
    const before = smtp.received.length;
    await mailer().send(mail({ messageId: 'tok 1@x.y:password-reset:ü' }));
    expect(smtp.received[before]?.messageId).toBe('<tok=201=40x=2Ey=3Apassword-reset=3A=C3=BC@tea.example>');
  });

  it('answers a temporary failure, naming the reply, when the server answers 451', async () => {
    smtp.failNext(1, 451);
    const before = smtp.received.length;
    const outcome = await mailer().send(mail());
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(!outcome.ok && outcome.error).toContain('451');
    expect(smtp.received).toHaveLength(before);
  });

  it('answers a permanent failure when the server answers 550', async () => {
    smtp.failNext(1, 550);
    const outcome = await mailer().send(mail());
    expect(outcome).toMatchObject({ ok: false, permanent: true });
    expect(!outcome.ok && outcome.error).toContain('550');
  });

  it('delivers once when the server refuses the first two attempts and takes the third', async () => {
    const flaky = await startSmtpServer({ failFirst: 2 });
    try {
      const sender = createSmtpMailer({ smtp: settingsOf(flaky.url), from: FROM, timeouts: FAST });
      const outcomes = [await sender.send(mail()), await sender.send(mail()), await sender.send(mail())];
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([false, false, true]);
      expect(flaky.refused()).toBe(2);
      expect(flaky.received).toHaveLength(1);
      expect(flaky.received[0]?.messageId).toBe('<evt-41=3Aorder-paid=3Auser-7@tea.example>');
    } finally {
      await flaky.close();
    }
  });

  it('refuses, for good and without connecting, a recipient that is not one address', async () => {
    const before = smtp.received.length;
    for (const to of [
      'alice@customer.example, mallory@evil.example',
      'Alice <alice@customer.example>',
      'alice',
    ]) {
      expect(await mailer().send(mail({ to }))).toMatchObject({ ok: false, permanent: true });
    }
    expect(smtp.received).toHaveLength(before);
  });

  it('fails temporarily, without the password in the text, when the credentials are wrong', async () => {
    const wrongPassword = 'Wr0ng-Pa55word!';
    const settings = { ...settingsOf(smtp.url), password: wrongPassword };
    const failuresBefore = smtp.authFailures();
    const outcome = await createSmtpMailer({ smtp: settings, from: FROM, timeouts: FAST }).send(mail());
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(smtp.authFailures()).toBe(failuresBefore + 1);
    const error = outcome.ok ? '' : outcome.error;
    expect(error).toContain('535');
    expect(error).not.toContain(wrongPassword);
    expect(error).not.toContain(encodeURIComponent(wrongPassword));
    expect(error).not.toContain(smtp.password);
  });
});

describe('the SMTP mailer facing a misbehaving server', () => {
  it('redacts the password, plain and base64, from a reply that echoes the credentials', async () => {
    const password = 'Echo-Me-s3cret';
    const { port, close } = await startScriptedServer((socket) => {
      socket.write('220 echo.test ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        const line = chunk.toString('utf8').trim();
        if (/^EHLO/i.test(line)) socket.write('250-echo.test\r\n250 AUTH PLAIN\r\n');
        else if (/^AUTH PLAIN /i.test(line)) {
          const blob = line.slice('AUTH PLAIN '.length);
          const decoded = Buffer.from(blob, 'base64').toString('utf8').split('\u0000').join(' ');
          socket.write(`535 5.7.8 Refused ${blob} (${decoded}) ${password}\r\n`);
        } else socket.write('221 bye\r\n');
      });
    });
    try {
      const outcome = await createSmtpMailer({
        smtp: settingsOf(`smtp://mailer:${password}@127.0.0.1:${port}`),
        from: FROM,
        timeouts: FAST,
      }).send(mail());
      expect(outcome.ok).toBe(false);
      const error = outcome.ok ? '' : outcome.error;
      expect(error).toContain('535 5.7.8 Refused');
      expect(error).not.toContain(password);
      expect(error).not.toContain(Buffer.from(password).toString('base64'));
      expect(error).not.toContain(Buffer.from(`\u0000mailer\u0000${password}`).toString('base64'));
    } finally {
      await close();
    }
  });

  it('times out, temporarily, against a server that accepts the connection and never greets', async () => {
    const { port, close } = await startScriptedServer(() => {});
    try {
      const outcome = await createSmtpMailer({
        smtp: settingsOf(`smtp://u:p@127.0.0.1:${port}`),
        from: FROM,
        timeouts: FAST,
      }).send(mail());
      expect(outcome).toMatchObject({ ok: false, permanent: false });
      expect(!outcome.ok && outcome.error).toMatch(/ETIMEDOUT/);
    } finally {
      await close();
    }
  }, 10_000);

  it('times out, temporarily, against a server that greets and then falls silent', async () => {
    const { port, close } = await startScriptedServer((socket) => socket.write('220 quiet.test ESMTP\r\n'));
    try {
      const outcome = await createSmtpMailer({
        smtp: settingsOf(`smtp://u:p@127.0.0.1:${port}`),
        from: FROM,
        timeouts: FAST,
      }).send(mail());
      expect(outcome).toMatchObject({ ok: false, permanent: false });
      expect(!outcome.ok && outcome.error).toMatch(/ETIMEDOUT|timeout/i);
    } finally {
      await close();
    }
  }, 10_000);

  it('fails temporarily when the port refuses the connection', async () => {
    const { port, close } = await startScriptedServer(() => {});
    await close();
    const outcome = await createSmtpMailer({
      smtp: settingsOf(`smtp://u:p@127.0.0.1:${port}`),
      from: FROM,
      timeouts: FAST,
    }).send(mail());
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(!outcome.ok && outcome.error).toContain('ECONNREFUSED');
  });

  it('fails temporarily when the server resets the connection', async () => {
    const { port, close } = await startScriptedServer((socket) => socket.resetAndDestroy());
    try {
      const outcome = await createSmtpMailer({
        smtp: settingsOf(`smtp://u:p@127.0.0.1:${port}`),
        from: FROM,
        timeouts: FAST,
      }).send(mail());
      expect(outcome).toMatchObject({ ok: false, permanent: false });
    } finally {
      await close();
    }
  });
});

describe('the SMTP mailer over TLS', () => {
  it('speaks TLS from the first byte for smtps://', async () => {
    const tlsServer = await startSmtpServer({ secure: true });
    try {
      expect(tlsServer.url.startsWith('smtps://')).toBe(true);
      // smtp-server's bundled certificate is self-signed (and expired): only the tests accept it.
      const outcome = await createSmtpMailer({
        smtp: settingsOf(tlsServer.url),
        from: FROM,
        timeouts: FAST,
        tls: { rejectUnauthorized: false },
      }).send(mail());
      expect(outcome).toEqual({ ok: true });
      expect(tlsServer.received[0]?.secure).toBe(true);
      expect(tlsServer.received[0]?.subject).toBe(mail().subject);
    } finally {
      await tlsServer.close();
    }
  });

  it('verifies the certificate by default: a self-signed one is a temporary failure and nothing is sent', async () => {
    const tlsServer = await startSmtpServer({ secure: true });
    try {
      const outcome = await createSmtpMailer({
        smtp: settingsOf(tlsServer.url),
        from: FROM,
        timeouts: FAST,
      }).send(mail());
      expect(outcome).toMatchObject({ ok: false, permanent: false });
      expect(tlsServer.received).toHaveLength(0);
    } finally {
      await tlsServer.close();
    }
  });

  it('upgrades smtp:// with STARTTLS when the server offers it', async () => {
    const startTls = await startSmtpServer({ startTls: true });
    try {
      const outcome = await createSmtpMailer({
        smtp: settingsOf(startTls.url),
        from: FROM,
        timeouts: FAST,
        tls: { rejectUnauthorized: false },
      }).send(mail());
      expect(outcome).toEqual({ ok: true });
      expect(startTls.received[0]?.secure).toBe(true);
    } finally {
      await startTls.close();
    }
  });

  it('sends to a relay that takes mail without signing in', async () => {
    const open = await startSmtpServer({ auth: false });
    try {
      expect(open.url).not.toContain('@');
      expect(
        await createSmtpMailer({ smtp: settingsOf(open.url), from: FROM, timeouts: FAST }).send(mail()),
      ).toEqual({
        ok: true,
      });
      expect(open.received[0]?.user).toBeNull();
      expect(open.received[0]?.secure).toBe(false);
    } finally {
      await open.close();
    }
  });
});
