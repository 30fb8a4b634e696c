import {
  ADMIN,
  call,
  devnetControl,
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
import { type ReceivedMail, startSmtpServer } from '../support/smtp-test-server.js';
import { startTestDevnet } from '../support/test-app.js';

/*
 * The merchant low-balance alert run by the real service (docs/operations.md, "Email"): two
 * instances on one store look at the merchant wallet every 200 ms; the admin is mailed once per
 * drop below MERCHANT_LOW_BALANCE_TRX, never again while it stays below, and again after the
 * balance recovered and dropped. Repeats are checked after a later marker mail, never a sleep.
 */

const SHOP_NAME = 'The Tea Shop';
const ALERT_SUBJECT = `${SHOP_NAME}: Merchant wallet balance is low`;
const BELOW = 'merchant wallet balance is below MERCHANT_LOW_BALANCE_TRX';
const BACK = 'merchant wallet balance is back at or above MERCHANT_LOW_BALANCE_TRX';
const LOOKED = 'merchant balance checked';

let node: RunningDevnet;
beforeAll(async () => {
  node = await startTestDevnet();
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

const occurrences = (text: string, part: string) => text.split(part).length - 1;

const isAlert = (mail: ReceivedMail) => mail.subject === ALERT_SUBJECT;

const merchantWallet = async (service: ServiceProcess, token: string) =>
  expectStatus(
    await call(service.apiUrl, 'GET', '/api/wallets/balance', { token }),
    200,
    'the admin’s wallet',
  ).body as { address: string; balance: number };

/**
 * A mail caused by an event logged now: once it arrives, the fan-out has passed every event
 * logged before it, so an alert logged by an earlier look would have been queued by then.
 */
const sendMarker = async (service: ServiceProcess, server: Awaited<ReturnType<typeof startSmtpServer>>) => {
  const customer = await registerAccount(service.apiUrl);
  expectStatus(
    await call(service.apiUrl, 'PUT', '/api/users/password', {
      token: customer.token,
      body: { currentPassword: customer.password, newPassword: `${customer.password}-changed` },
    }),
    200,
    'change a customer’s password',
  );
  await server.waitForMail(
    (mail) =>
      mail.envelope.to.includes(customer.email) && mail.subject === `${SHOP_NAME}: Your password was changed`,
    30_000,
  );
};

describe('the merchant low-balance alert, two instances on one store', () => {
  it('mails the admin once when the wallet is below at start, not again while it stays below, and again after it recovered and dropped', async () => {
    const server = await startSmtpServer();
    const dataDir = await makeDataDir();
    const devnet = devnetControl(node.url);
    const env = {
      TRON_FULL_HOST: node.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SHOP_NAME,
      SMTP_URL: server.url,
      MAIL_FROM: `${SHOP_NAME} <mailer@tea.example>`,
      PUBLIC_URL: 'https://tea.example',
      LISTENER_INTERVAL_MS: '600000',
      EVENT_POLL_INTERVAL_MS: '50',
      MERCHANT_LOW_BALANCE_TRX: '100',
      MERCHANT_BALANCE_CHECK_INTERVAL_MS: '200',
      LOG_LEVEL: 'debug',
    };
    const started: ServiceProcess[] = [];
    try {
      // One after the other: the first writes the secrets file the second reads.
      const a = await startServiceProcess(dataDir, env);
      started.push(a);
      const b = await startServiceProcess(dataDir, env);
      started.push(b);
      expect(a.stderr()).toContain('Alerts     merchant wallet below 100 TRX, checked every 0.2 s');
      const token = await logIn(a.apiUrl, ADMIN.email, ADMIN.password);
      const merchant = await merchantWallet(a, token);
      // Nothing funds wallets on a node given by TRON_FULL_HOST: the new merchant wallet is empty.
      expect(merchant.balance).toBe(0);

      const first = await server.waitForMail(isAlert, 30_000);
      expect(first.envelope.to).toEqual([ADMIN.email]);
      for (const part of [first.text, first.html]) {
        expect(part).toContain('0 TRX');
        expect(part).toContain('100 TRX');
        expect(part).toContain('Refunds and withdrawals are sent from this wallet');
      }
      expect(first.text).toContain('Balance: 0 TRX');
      expect(first.text).toContain('Threshold: 100 TRX');

      // Both instances keep looking at the same low balance.
      const looks = () => [occurrences(a.stdout(), LOOKED), occurrences(b.stdout(), LOOKED)];
      const [lookedA = 0, lookedB = 0] = looks();
      await eventually(
        async () => looks(),
        ([nowA = 0, nowB = 0]) => nowA >= lookedA + 3 && nowB >= lookedB + 3,
        'three more looks on each instance',
      );
      await sendMarker(b, server);
      expect(server.received.filter(isAlert)).toHaveLength(1);

      // Topped up to 150 TRX: one instance records the way back. Then 100 TRX go out again.
      await devnet.fundSolid(merchant.address, 150_000_000);
      await eventually(
        async () => occurrences(a.output() + b.output(), BACK),
        (seen) => seen === 1,
        'the recovery recorded',
      );
      const sent = await call(a.apiUrl, 'POST', '/api/wallets/send', {
        token,
        body: { toAddress: node.genesisAddress, amount: 100 },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await devnet.settle();
      const second = await server.waitForMail(
        (mail) => isAlert(mail) && mail.messageId !== first.messageId,
        30_000,
      );
      const after = await merchantWallet(a, token);
      expect(after.balance).toBeLessThan(100);
      expect(second.text).toContain(`Balance: ${after.balance} TRX`);

      await sendMarker(a, server);
      expect(server.received.filter(isAlert)).toHaveLength(2);
      expect(occurrences(a.output() + b.output(), BELOW)).toBe(2);
      expect(occurrences(a.output() + b.output(), BACK)).toBe(1);
      const log = expectStatus(
        await call(b.apiUrl, 'GET', '/api/admin/mail?limit=100', { token }),
        200,
        'read the delivery log',
      ).body as { messages: { template: string }[] };
      expect(log.messages.filter((message) => message.template === 'merchant-low-balance')).toHaveLength(2);
    } finally {
      for (const service of started) await service.stop();
      await server.close();
      await removeDataDir(dataDir);
    }
  }, 180_000);
});
