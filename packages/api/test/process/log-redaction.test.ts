import { readFile } from 'node:fs/promises';
import {
  ADMIN,
  call,
  logIn,
  makeDataDir,
  registerAccount,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { join } from 'node:path';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyVaultFromSecrets } from '../../src/composition/key-vault-from-secrets.js';
import { SQLITE_FILE } from '../../src/composition/open-store.js';
import { SECRETS_FILE } from '../../src/config/secrets-file.js';
import { payOrder, placeOrder, waitForAirdrop, waitForOrderStatus } from './shop-client.js';

/** Case-insensitive, so an upper-cased or 0x-prefixed hex key is caught as well. */
const expectAbsent = (log: string, secret: string, what: string) => {
  expect(secret.length, `${what} is empty`).toBeGreaterThan(0);
  expect(log.toLowerCase().includes(secret.toLowerCase()), `${what} appears in the log`).toBe(false);
};

describe('the process log at LOG_LEVEL=trace', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it('holds no private key, password, password hash, TOTP secret or token after a purchase and a 2FA setup', async () => {
    const service = await startServiceProcess(dataDir, {
      LOG_LEVEL: 'trace',
      LISTENER_INTERVAL_MS: '200',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    let buyer: Awaited<ReturnType<typeof registerAccount>>;
    let totpSecret: string;
    const tokens: string[] = [];
    try {
      buyer = await registerAccount(service.apiUrl);
      tokens.push(buyer.token);
      await waitForAirdrop(service.apiUrl, buyer.token);
      const order = await placeOrder(service.apiUrl, buyer.token);
      await payOrder(service.apiUrl, buyer.token, order.id);
      await waitForOrderStatus(service.apiUrl, buyer.token, order.id, 'completed');

      const enabled = await call(service.apiUrl, 'POST', '/api/security/2fa/enable', {
        token: buyer.token,
        body: { password: buyer.password },
      });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
      totpSecret = enabled.body.secret as string;
      // Logins put both passwords through request bodies too.
      tokens.push(await logIn(service.apiUrl, buyer.email, buyer.password));
      tokens.push(await logIn(service.apiUrl, ADMIN.email, ADMIN.password));
      // Query strings stay out of the log (a WebSocket client may send its token as ?token=).
      const withQuery = await call(
        service.apiUrl,
        'GET',
        `/api/health?token=${encodeURIComponent(buyer.token)}`,
      );
      expect(withQuery.status).toBeLessThan(500);
      // A later request's log lines prove the log was still being written after the secrets passed.
      expect((await call(service.apiUrl, 'GET', '/api/health')).status).toBeLessThan(500);
    } finally {
      expect(await service.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
    const log = service.output();
    expect(log).toContain('"url":"/api/security/2fa/enable"');
    expect(log).toContain('"url":"/api/health"');

    const secrets = JSON.parse(await readFile(join(dataDir, SECRETS_FILE), 'utf8')) as {
      walletKey: string;
      jwtAccess: string;
      jwtRefresh: string;
    };
    const vault = keyVaultFromSecrets(secrets.walletKey, []);
    const store = await openSqliteStore({ filename: join(dataDir, SQLITE_FILE) });
    const privateKeys: string[] = [];
    try {
      const holders = await store.users.listWithWalletKeys(null, 1000);
      // The admin (merchant) and the buyer each hold a sealed wallet key.
      expect(holders.map((user) => user.email).sort()).toEqual([ADMIN.email, buyer.email].sort());
      for (const user of holders) {
        if (user.wallet.encryptedPrivateKey === null) throw new Error(`${user.email} has no sealed key`);
        privateKeys.push(await vault.open(user.wallet.encryptedPrivateKey, user.id));
      }
      const stored = await store.users.findById(buyer.id);
      const sealedTotp = stored?.twoFactor.encryptedSecret;
      if (!sealedTotp) throw new Error('the buyer has no sealed TOTP secret');
      // The stored secret is the one the enable answer showed: the search below looks for the right thing.
      expect(await vault.open(sealedTotp, buyer.id)).toBe(totpSecret);
    } finally {
      await store.close();
    }

    for (const [index, key] of privateKeys.entries()) {
      expect(key).toMatch(/^(0x)?[0-9a-fA-F]{64}$/);
      expectAbsent(log, key.replace(/^0x/, ''), `private key #${index + 1}`);
    }
    expectAbsent(log, buyer.password, "the buyer's password");
    expectAbsent(log, ADMIN.password, "the admin's password");
    expectAbsent(log, '$argon2id$', 'an argon2id hash');
    expectAbsent(log, totpSecret, 'the TOTP secret');
    expectAbsent(log, secrets.walletKey, 'the wallet master key');
    expectAbsent(log, secrets.jwtAccess, 'the access-token signing secret');
    expectAbsent(log, secrets.jwtRefresh, 'the refresh-token signing secret');
    for (const [index, token] of tokens.entries()) expectAbsent(log, token, `access token #${index + 1}`);
  }, 90_000);
});
