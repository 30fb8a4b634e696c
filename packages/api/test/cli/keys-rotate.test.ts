import { randomBytes } from 'node:crypto';
import { createKeyVault, createTronChain } from '@trx-shop/chain-tron';
import type { UserStore } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { type RunningDevnet, startDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateTwoFactorSecrets, rotateWalletKeys } from '../../src/cli/reseal-user-secrets.js';

const OLD = 'k-old';
const NEW = 'k-new';
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const oldVault = createKeyVault({ currentKeyId: OLD, keys: new Map([[OLD, oldKey]]) });
const rotatingVault = createKeyVault({
  currentKeyId: NEW,
  keys: new Map([
    [OLD, oldKey],
    [NEW, newKey],
  ]),
});
// After rotation the old key can be dropped: only the new one is left to open anything.
const newOnlyVault = createKeyVault({ currentKeyId: NEW, keys: new Map([[NEW, newKey]]) });

describe('rotateWalletKeys', () => {
  let devnet: RunningDevnet;
  beforeAll(async () => {
    devnet = await startDevnet({ blockIntervalMs: 0 });
    // Signing references a recent block, so the chain needs one.
    await fetch(`${devnet.url}/devnet/blocks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
  });
  afterAll(() => devnet.stop());

  const seedUsers = async (users: UserStore, count: number) => {
    const chain = createTronChain({ fullHost: devnet.url, timeoutMs: 5000 });
    const wallets: { id: string; address: string; privateKey: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const wallet = await chain.createWallet();
      const user = buildUser({ username: `holder${index}`, email: `holder${index}@example.com` });
      await users.insert({
        ...user,
        wallet: {
          address: wallet.address,
          encryptedPrivateKey: await oldVault.seal(wallet.privateKey, user.id),
          externalAddress: null,
        },
      });
      wallets.push({ id: user.id, address: wallet.address, privateKey: wallet.privateKey });
    }
    return { chain, wallets };
  };

  it('re-seals every wallet key under the new key, and each still signs a transfer from its address', async () => {
    const store = await openSqliteStore({ filename: ':memory:' });
    try {
      const { chain, wallets } = await seedUsers(store.users, 5);
      const report = await rotateWalletKeys(store.users, rotatingVault);
      expect(report).toEqual({ rotated: 5, alreadyCurrent: 0, changedMeanwhile: 0 });
      const recipient = (await chain.createWallet()).address;
      for (const wallet of wallets) {
        const sealed = (await store.users.findById(wallet.id))?.wallet.encryptedPrivateKey ?? '';
        expect(sealed.startsWith(`${NEW}:`)).toBe(true);
        const privateKey = await newOnlyVault.open(sealed, wallet.id);
        expect(privateKey).toBe(wallet.privateKey);
        // TronWeb refuses to sign with a key that does not own the sending address.
        const signed = await chain.signTransfer(
          { fromAddress: wallet.address, toAddress: recipient, amountSun: 1 },
          privateKey,
        );
        expect(signed.txId).toMatch(/^[0-9a-f]{64}$/);
      }
      expect(await rotateWalletKeys(store.users, rotatingVault)).toEqual({
        rotated: 0,
        alreadyCurrent: 5,
        changedMeanwhile: 0,
      });
    } finally {
      await store.close();
    }
  });

  it('resumes after being killed midway: nothing is unreadable and the next run finishes', async () => {
    const store = await openSqliteStore({ filename: ':memory:' });
    try {
      const { wallets } = await seedUsers(store.users, 6);
      let writes = 0;
      const crashingUsers: UserStore = Object.create(store.users, {
        replaceWalletKey: {
          value: async (id: string, expected: string, replacement: string) => {
            writes += 1;
            if (writes > 3) throw new Error('killed');
            return store.users.replaceWalletKey(id, expected, replacement);
          },
        },
      });
      await expect(rotateWalletKeys(crashingUsers, rotatingVault)).rejects.toThrow('killed');
      // Midway: three keys new, three old, every one readable with the keys then configured.
      const midway = await Promise.all(
        wallets.map(
          async (wallet) => (await store.users.findById(wallet.id))?.wallet.encryptedPrivateKey ?? '',
        ),
      );
      expect(midway.filter((sealed) => sealed.startsWith(`${NEW}:`))).toHaveLength(3);
      for (const [index, sealed] of midway.entries()) {
        expect(await rotatingVault.open(sealed, wallets[index]?.id ?? '')).toBe(wallets[index]?.privateKey);
      }
      expect(await rotateWalletKeys(store.users, rotatingVault)).toEqual({
        rotated: 3,
        alreadyCurrent: 3,
        changedMeanwhile: 0,
      });
      for (const wallet of wallets) {
        const sealed = (await store.users.findById(wallet.id))?.wallet.encryptedPrivateKey ?? '';
        expect(await newOnlyVault.open(sealed, wallet.id)).toBe(wallet.privateKey);
      }
    } finally {
      await store.close();
    }
  });
});

describe('rotateTwoFactorSecrets', () => {
  it('re-seals every TOTP secret under the new key, resumably; each opens with the new key alone', async () => {
    const store = await openSqliteStore({ filename: ':memory:' });
    try {
      const holders: { id: string; secret: string }[] = [];
      for (let index = 0; index < 4; index += 1) {
        const user = buildUser({ username: `totp${index}`, email: `totp${index}@example.com` });
        const secret = `SECRET${index}ABCDEFGHIJ`;
        await store.users.insert({
          ...user,
          twoFactor: {
            enabled: true,
            encryptedSecret: await oldVault.seal(secret, user.id),
            lastAcceptedStep: 7,
          },
        });
        holders.push({ id: user.id, secret });
      }
      let writes = 0;
      const crashingUsers: UserStore = Object.create(store.users, {
        replaceTwoFactorSecret: {
          value: async (id: string, expected: string, replacement: string) => {
            writes += 1;
            if (writes > 2) throw new Error('killed');
            return store.users.replaceTwoFactorSecret(id, expected, replacement);
          },
        },
      });
      await expect(rotateTwoFactorSecrets(crashingUsers, rotatingVault)).rejects.toThrow('killed');
      expect(await rotateTwoFactorSecrets(store.users, rotatingVault)).toEqual({
        rotated: 2,
        alreadyCurrent: 2,
        changedMeanwhile: 0,
      });
      for (const holder of holders) {
        const stored = await store.users.findById(holder.id);
        expect(stored?.twoFactor).toMatchObject({ enabled: true, lastAcceptedStep: 7 });
        expect(await newOnlyVault.open(stored?.twoFactor.encryptedSecret ?? '', holder.id)).toBe(
          holder.secret,
        );
      }
    } finally {
      await store.close();
    }
  });
});
