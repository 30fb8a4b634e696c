import { randomBytes } from 'node:crypto';
import { makeDataDir, registerAccount, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildUser, buildWebhookEndpoint } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { describe, expect, it } from 'vitest';
import { checkSealedKeys } from '../../src/composition/check-sealed-keys.js';
import { keyIdOf, keyVaultFromSecrets } from '../../src/composition/key-vault-from-secrets.js';

/* Issue 15, item 2: a wrong or rotated key is found at start, never at pay time. */

const newKey = () => randomBytes(32).toString('hex');

const storeSealedWith = async (walletKey: string, totpKey: string = walletKey) => {
  const store = await openSqliteStore({ filename: ':memory:' });
  const walletVault = keyVaultFromSecrets(walletKey, []);
  const totpVault = keyVaultFromSecrets(totpKey, []);
  const user = buildUser();
  await store.users.insert({
    ...user,
    wallet: { ...user.wallet, encryptedPrivateKey: await walletVault.seal('a'.repeat(64), user.id) },
    twoFactor: {
      enabled: true,
      encryptedSecret: await totpVault.seal('TOTPSECRET', user.id),
      lastAcceptedStep: null,
    },
  });
  return { store, user };
};

describe('the sealed-key check at start', () => {
  it('passes when every key id in use has a configured key that opens its records', async () => {
    const [oldKey, currentKey] = [newKey(), newKey()];
    const { store } = await storeSealedWith(oldKey, currentKey);
    const keys = { current: currentKey, previous: [oldKey] };
    expect(await checkSealedKeys(store, keyVaultFromSecrets(currentKey, [oldKey]), keys)).toBeNull();
    await store.close();
  });

  it('names WALLET_ENCRYPTION_PREVIOUS_KEYS and the key id when the key that sealed wallet keys is gone', async () => {
    const [oldKey, currentKey] = [newKey(), newKey()];
    const { store } = await storeSealedWith(oldKey, currentKey);
    const problem = await checkSealedKeys(store, keyVaultFromSecrets(currentKey, []), {
      current: currentKey,
      previous: [],
    });
    expect(problem).toMatch(
      new RegExp(
        `^WALLET_ENCRYPTION_PREVIOUS_KEYS: no configured key has id ${keyIdOf(oldKey)}, which sealed wallet keys`,
      ),
    );
    await store.close();
  });

  it('checks TOTP secrets too', async () => {
    const [walletKey, totpKey] = [newKey(), newKey()];
    const { store } = await storeSealedWith(walletKey, totpKey);
    const problem = await checkSealedKeys(store, keyVaultFromSecrets(walletKey, []), {
      current: walletKey,
      previous: [],
    });
    expect(problem).toContain(`id ${keyIdOf(totpKey)}, which sealed TOTP secrets`);
    await store.close();
  });

  it('checks webhook signing secrets too, in grace or current, naming the endpoint when one does not open', async () => {
    const [key, webhookKey] = [newKey(), newKey()];
    const { store } = await storeSealedWith(key);
    const endpoint = buildWebhookEndpoint();
    await store.webhooks.insertEndpoint({
      ...endpoint,
      secrets: [
        { sealed: await keyVaultFromSecrets(key, []).seal('whsec_current', endpoint.id), expiresAt: null },
        {
          sealed: await keyVaultFromSecrets(webhookKey, []).seal('whsec_old', endpoint.id),
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      ],
    });
    const keys = { current: key, previous: [] };
    expect(await checkSealedKeys(store, keyVaultFromSecrets(key, []), keys)).toContain(
      `no configured key has id ${keyIdOf(webhookKey)}, which sealed webhook signing secrets`,
    );
    // The marker: with the key listed, the same store passes.
    const both = { current: key, previous: [webhookKey] };
    expect(await checkSealedKeys(store, keyVaultFromSecrets(key, [webhookKey]), both)).toBeNull();

    // Sealed for another endpoint: the key id is known, the value does not open here.
    const other = buildWebhookEndpoint();
    await store.webhooks.insertEndpoint({
      ...other,
      secrets: [
        { sealed: await keyVaultFromSecrets(key, []).seal('whsec_moved', endpoint.id), expiresAt: null },
      ],
    });
    await store.webhooks.deleteEndpoint(endpoint.id);
    expect(await checkSealedKeys(store, keyVaultFromSecrets(key, [webhookKey]), both)).toBe(
      `WALLET_ENCRYPTION_KEY: the key with id ${keyIdOf(key)} does not open webhook signing secrets sealed with it (webhook ${other.id})`,
    );
    await store.close();
  });

  it('names the variable when its key does not open a record sealed under its id', async () => {
    const key = newKey();
    const { store, user } = await storeSealedWith(key);
    // Same key id, payload that no key opens (a tampered or truncated record).
    await store.users.replaceWalletKey(
      user.id,
      (await store.users.findById(user.id))?.wallet.encryptedPrivateKey ?? '',
      `${keyIdOf(key)}:${randomBytes(48).toString('base64')}`,
    );
    const problem = await checkSealedKeys(store, keyVaultFromSecrets(key, []), {
      current: key,
      previous: [],
    });
    expect(problem).toBe(
      `WALLET_ENCRYPTION_KEY: the key with id ${keyIdOf(key)} does not open wallet keys sealed with it (user ${user.id})`,
    );
    await store.close();
  });

  it('refuses the start of a service whose embedded key changed under its wallets, with one line', async () => {
    const dataDir = await makeDataDir();
    try {
      const first = await startServiceProcess(dataDir);
      await registerAccount(first.apiUrl);
      await first.stop();
      const file = join(dataDir, 'secrets.json');
      const secrets = JSON.parse(await readFile(file, 'utf8')) as { walletKey: string };
      const oldId = keyIdOf(secrets.walletKey);
      await writeFile(file, JSON.stringify({ ...secrets, walletKey: newKey() }), { mode: 0o600 });

      await expect(startServiceProcess(dataDir)).rejects.toThrow(
        new RegExp(`start-up failed: WALLET_ENCRYPTION_PREVIOUS_KEYS: no configured key has id ${oldId}`),
      );
    } finally {
      await removeDataDir(dataDir);
    }
  }, 90_000);
});
