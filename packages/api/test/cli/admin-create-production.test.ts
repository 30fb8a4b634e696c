import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeyVault } from '@trx-shop/chain-tron';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process.js';

/** The key-id rule operations.md states: "k" + the first 12 hex digits of the key's SHA-256. */
const idOf = (hex: string) => `k${createHash('sha256').update(hex).digest('hex').slice(0, 12)}`;

describe('pnpm admin:create with NODE_ENV=production', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-admin-create-production-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('needs only the store and the wallet key: no JWT secrets, no network; it writes no secrets file', async () => {
    const walletKey = randomBytes(32).toString('hex');
    const run = await runCli(
      'admin-create',
      ['--email', 'owner@shop.test'],
      { NODE_ENV: 'production', DATA_DIR: dataDir, WALLET_ENCRYPTION_KEY: walletKey },
      'a long admin password\n',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('admin created: owner@shop.test');
    expect(await readdir(dataDir)).not.toContain('secrets.json');

    const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
    try {
      const admin = await store.users.findByEmail('owner@shop.test');
      expect(admin?.role).toBe('admin');
      // Sealed with the configured key, and only that key opens it.
      const sealed = admin?.wallet.encryptedPrivateKey ?? '';
      expect(sealed.startsWith(`${idOf(walletKey)}:`)).toBe(true);
      const vault = createKeyVault({
        currentKeyId: idOf(walletKey),
        keys: new Map([[idOf(walletKey), Buffer.from(walletKey, 'hex')]]),
      });
      expect(await vault.open(sealed, admin?.id ?? '')).toMatch(/^[0-9a-fA-F]{64}$/);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('refuses without the wallet key, naming only that variable, and creates nothing', async () => {
    const run = await runCli(
      'admin-create',
      ['--email', 'owner@shop.test'],
      { NODE_ENV: 'production', DATA_DIR: dataDir },
      'a long admin password\n',
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'config: WALLET_ENCRYPTION_KEY: required when NODE_ENV=production',
    ]);
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);
});
