import {
  ADMIN,
  call,
  expectStatus,
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

/*
 * Email verification in the real service process (issue 49, flow 2): the link arrives over a real
 * SMTP server, REQUIRE_EMAIL_VERIFICATION from the environment holds back withdrawing until it is
 * followed, and a new email in the profile mails a link to it and a notice to the old address.
 */

const SHOP_NAME = 'The Tea Shop';
const PUBLIC_URL = 'https://tea.example';
/** A valid TRON address that is nobody's wallet here. */
const ELSEWHERE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/verify-email\\?token=([A-Za-z0-9_-]+)`);

let node: RunningDevnet;
let server: SmtpTestServer;
let dataDir: string;
let service: ServiceProcess;
beforeAll(async () => {
  node = await startTestDevnet();
  server = await startSmtpServer();
  dataDir = await makeDataDir();
  service = await startServiceProcess(dataDir, {
    TRON_FULL_HOST: node.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_USERNAME: 'teashopowner',
    SHOP_NAME,
    PUBLIC_URL,
    SMTP_URL: server.url,
    MAIL_FROM: `${SHOP_NAME} <mailer@tea.example>`,
    REQUIRE_EMAIL_VERIFICATION: 'true',
    LISTENER_INTERVAL_MS: '600000',
    EVENT_POLL_INTERVAL_MS: '50',
  });
}, 90_000);
afterAll(async () => {
  await service?.stop();
  await server?.close();
  if (dataDir) await removeDataDir(dataDir);
  await node?.stop();
});

const linkMailedTo = async (address: string): Promise<string> => {
  const mail = await server.waitForMail(
    (received) =>
      received.envelope.to.includes(address) &&
      received.subject === `${SHOP_NAME}: Confirm your email address`,
    30_000,
  );
  const token = LINK.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link in ${mail.text}`);
  expect(mail.html).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);
  return token;
};

describe('email verification in the service', () => {
  it('mails the link at registration; withdrawing answers 403 EMAIL_NOT_VERIFIED until it is followed', async () => {
    const shopper = await registerAccount(service.apiUrl);
    const token = await linkMailedTo(shopper.email);
    const withdraw = () =>
      call(service.apiUrl, 'POST', '/api/wallets/send', {
        token: shopper.token,
        body: { toAddress: ELSEWHERE, amount: 1 },
      });

    const refused = await withdraw();
    expect({ status: refused.status, code: (refused.body as { code?: string }).code }).toEqual({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });

    expectStatus(
      await call(service.apiUrl, 'POST', '/api/auth/email/verify', { body: { token } }),
      200,
      'follow the link',
    );
    const profile = expectStatus(
      await call(service.apiUrl, 'GET', '/api/users/profile', { token: shopper.token }),
      200,
      'read the profile',
    );
    expect((profile.body.user as { emailVerified: boolean }).emailVerified).toBe(true);
    // Past the rule: the empty wallet is what refuses now.
    const past = await withdraw();
    expect({ status: past.status, code: (past.body as { code?: string }).code }).toEqual({
      status: 400,
      code: 'INSUFFICIENT_BALANCE',
    });
  }, 60_000);

  it('mails a link to a new email and a notice to the old one', async () => {
    const shopper = await registerAccount(service.apiUrl);
    await linkMailedTo(shopper.email);
    const newEmail = `moved-${shopper.username}@example.com`;
    expectStatus(
      await call(service.apiUrl, 'PUT', '/api/users/profile', {
        token: shopper.token,
        body: { email: newEmail, currentPassword: shopper.password },
      }),
      200,
      'change the email',
    );
    await linkMailedTo(newEmail);
    const notice = await server.waitForMail(
      (received) =>
        received.envelope.to.includes(shopper.email) &&
        received.subject === `${SHOP_NAME}: Your email address was changed`,
      30_000,
    );
    expect(notice.text).toContain(newEmail);
  }, 60_000);
});
