import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ADMIN,
  call,
  logIn,
  makeDataDir,
  registerAccount,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payOrder, placeOrder, waitForAirdrop, waitForOrderStatus } from '../process/shop-client.js';
import { runCli, spawnCli } from '../support/cli-process.js';

/** The key-id rule operations.md states: "k" + the first 12 hex digits of the key's SHA-256. */
const idOf = (hex: string) => `k${createHash('sha256').update(hex).digest('hex').slice(0, 12)}`;

const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LISTENER_INTERVAL_MS: '200' };

/**
 * Everything that opens a sealed wallet key on the live service: the buyer pays (the buyer's key),
 * the admin refunds the completed order (the merchant's key), the buyer withdraws (the buyer's key
 * again). Each answers 200; a key the service cannot open answers 500 KEY_DECRYPTION_FAILED.
 */
const payRefundAndWithdraw = async (service: ServiceProcess, buyer: { email: string; password: string }) => {
  const token = await logIn(service.apiUrl, buyer.email, buyer.password);
  const order = await placeOrder(service.apiUrl, token);
  await payOrder(service.apiUrl, token, order.id);
  await waitForOrderStatus(service.apiUrl, token, order.id, 'completed');
  const adminToken = await logIn(service.apiUrl, ADMIN.email, ADMIN.password);
  const refunded = await call(service.apiUrl, 'POST', `/api/admin/orders/${order.id}/refund`, {
    token: adminToken,
  });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  expect(refunded.body.transaction).toMatchObject({ status: 'pending' });
  const sent = await call(service.apiUrl, 'POST', '/api/wallets/send', {
    token,
    body: { toAddress: order.merchantAddress, amount: 1 },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(sent.body.transaction).toMatchObject({ to: order.merchantAddress, amount: 1 });
};

/** The key ids the stored wallet keys are sealed with (the sealed text's prefix), one per user. */
const walletKeyIds = async (dataDir: string): Promise<string[]> => {
  const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
  try {
    const users = await store.users.listWithWalletKeys(null, 100);
    return users.map((user) => user.wallet.encryptedPrivateKey?.split(':')[0] ?? '');
  } finally {
    await store.close();
  }
};

describe('pnpm keys:rotate against a running service (real child processes)', () => {
  let dataDir: string;
  const running: ServiceProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const service = await startServiceProcess(dataDir, { ...ADMIN_ENV, ...env });
    running.push(service);
    return service;
  };
  const stop = async (service: ServiceProcess) => {
    expect(await service.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  };
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(async () => {
    for (const service of running.splice(0)) await service.stop('SIGKILL');
    await removeDataDir(dataDir);
  });

  it('with the embedded secrets file, refuses while the service runs, which keeps paying, refunding and withdrawing; stopped, it rotates and the restarted service does all three', async () => {
    const service = await start({});
    const buyer = await registerAccount(service.apiUrl);
    await waitForAirdrop(service.apiUrl, buyer.token);
    const secretsPath = join(dataDir, 'secrets.json');
    const secretsBefore = await readFile(secretsPath, 'utf8');
    const oldKey = (JSON.parse(secretsBefore) as { walletKey: string }).walletKey;

    const refused = await runCli('keys-rotate', [], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^keys:rotate: INSTANCE_RUNNING: the service instance \S+:\d+:[0-9a-f]{24} \(it counts as running until \S+ unless it renews\) cannot open the new key k[0-9a-f]{12}: stop every instance of the service \(Ctrl-C where it runs, docker compose stop, or SIGTERM\), run keys:rotate again, then start them; nothing was changed$/,
    );
    // Key ids only: no key from the file reaches the output.
    for (const secret of Object.values(JSON.parse(secretsBefore) as Record<string, string>)) {
      expect(refused.stderr).not.toContain(secret);
    }
    expect(await readFile(secretsPath, 'utf8')).toBe(secretsBefore);

    await payRefundAndWithdraw(service, buyer);
    await stop(service);
    expect(new Set(await walletKeyIds(dataDir))).toEqual(new Set([idOf(oldKey)]));

    const rotated = await runCli('keys-rotate', [], { DATA_DIR: dataDir });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout.trim().split('\n').at(-1)).toBe('keys:rotate: nothing left to rotate');
    const newKey = (JSON.parse(await readFile(secretsPath, 'utf8')) as { walletKey: string }).walletKey;
    expect(newKey).not.toBe(oldKey);
    expect(new Set(await walletKeyIds(dataDir))).toEqual(new Set([idOf(newKey)]));

    await payRefundAndWithdraw(await start({}), buyer);
  }, 180_000);

  it('with keys from the environment, refuses while an instance lacks the new key, and rotates under an instance that has it, which keeps paying, refunding and withdrawing without a restart', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    const rotationEnv = {
      DATA_DIR: dataDir,
      WALLET_ENCRYPTION_KEY: newKey,
      WALLET_ENCRYPTION_PREVIOUS_KEYS: oldKey,
    };
    const first = await start({ WALLET_ENCRYPTION_KEY: oldKey });
    const buyer = await registerAccount(first.apiUrl);
    await waitForAirdrop(first.apiUrl, buyer.token);

    const refused = await runCli('keys-rotate', [], rotationEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(
        `^keys:rotate: INSTANCE_RUNNING: the service instance \\S+ \\(it counts as running until \\S+ unless it renews\\) cannot open key ${idOf(newKey)}: give every instance that key \\(WALLET_ENCRYPTION_KEY, the old one in WALLET_ENCRYPTION_PREVIOUS_KEYS\\) and restart them, then run keys:rotate again`,
      ),
    );
    expect(refused.stderr).not.toContain(newKey);
    expect(refused.stderr).not.toContain(oldKey);
    await stop(first);
    expect(new Set(await walletKeyIds(dataDir))).toEqual(new Set([idOf(oldKey)]));

    // docs/operations.md's procedure: the instance restarted with the new key, the old one previous.
    const second = await start({ WALLET_ENCRYPTION_KEY: newKey, WALLET_ENCRYPTION_PREVIOUS_KEYS: oldKey });
    const rotated = await runCli('keys-rotate', [], rotationEnv);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/wallet keys: [1-9]\d* re-sealed/);
    expect(rotated.stdout.trim().split('\n').at(-1)).toBe('keys:rotate: nothing left to rotate');

    await payRefundAndWithdraw(second, buyer);
    await stop(second);
    expect(new Set(await walletKeyIds(dataDir))).toEqual(new Set([idOf(newKey)]));
  }, 180_000);

  it('an instance that cannot open the key a rotation under way seals with refuses to start, naming the run', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    const seeded = await start({ WALLET_ENCRYPTION_KEY: oldKey });
    await registerAccount(seeded.apiUrl);
    await stop(seeded);

    const paused = spawnCli('keys-rotate', [], {
      DATA_DIR: dataDir,
      WALLET_ENCRYPTION_KEY: newKey,
      WALLET_ENCRYPTION_PREVIOUS_KEYS: oldKey,
      KEYS_ROTATE_PAUSE_AFTER: '1',
    });
    try {
      await paused.printed('paused after 1 writes');
      const refusal = await start({ WALLET_ENCRYPTION_KEY: oldKey }).then(
        () => 'started',
        (error: unknown) => String(error),
      );
      expect(refusal).toMatch(
        new RegExp(
          `start-up failed: WALLET_ENCRYPTION_PREVIOUS_KEYS: the keys:rotate run keys:rotate:\\S+ \\(it counts as running until \\S+ unless it renews\\) seals values with key ${idOf(newKey)}, which this instance cannot open`,
        ),
      );
      expect(refusal).not.toContain(newKey);
      expect(refusal).not.toContain(oldKey);
    } finally {
      paused.child.kill('SIGKILL');
      await paused.exited;
    }
  }, 180_000);
});
