import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeyVault } from '@trx-shop/chain-tron';
import { buildUser, buildWebhookEndpoint } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandActor, runCli, spawnCli } from '../support/cli-process.js';

/** The key-id rule operations.md states: "k" + the first 12 hex digits of the key's SHA-256. */
const idOf = (hex: string) => `k${createHash('sha256').update(hex).digest('hex').slice(0, 12)}`;
const vaultOf = (current: string, ...others: string[]) =>
  createKeyVault({
    currentKeyId: idOf(current),
    keys: new Map([current, ...others].map((hex) => [idOf(hex), Buffer.from(hex, 'hex')])),
  });

interface SecretsFile {
  readonly jwtAccess: string;
  readonly jwtRefresh: string;
  readonly walletKey: string;
  readonly previousWalletKeys?: string[];
}

describe('pnpm keys:rotate with the embedded secrets file as the key source (real child processes)', () => {
  let dataDir: string;
  const oldKey = randomBytes(32).toString('hex');
  const holders: { id: string; privateKey: string; totp: string | null }[] = [];
  const webhookSecrets = ['whsec_current', 'whsec_in_grace'];
  let webhookId = '';
  /** Opens the endpoint's secrets with `vault`, in their order. */
  const openedWebhookSecrets = async (vault: ReturnType<typeof vaultOf>) => {
    const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
    try {
      const endpoint = await store.webhooks.findEndpoint(webhookId);
      return await Promise.all(
        (endpoint?.secrets ?? []).map((secret) => vault.open(secret.sealed, webhookId)),
      );
    } finally {
      await store.close();
    }
  };
  const secretsPath = () => join(dataDir, 'secrets.json');
  const readSecrets = async () => JSON.parse(await readFile(secretsPath(), 'utf8')) as SecretsFile;
  const sealedValues = async () => {
    const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
    try {
      return await Promise.all(
        holders.map(async (holder) => {
          const user = await store.users.findById(holder.id);
          return {
            holder,
            wallet: user?.wallet.encryptedPrivateKey ?? '',
            totp: user?.twoFactor.encryptedSecret ?? null,
          };
        }),
      );
    } finally {
      await store.close();
    }
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-keys-rotate-'));
    await writeFile(
      secretsPath(),
      JSON.stringify({ jwtAccess: 'a'.repeat(64), jwtRefresh: 'b'.repeat(64), walletKey: oldKey }),
      { mode: 0o600 },
    );
    const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
    const vault = vaultOf(oldKey);
    holders.length = 0;
    try {
      for (let index = 0; index < 6; index += 1) {
        const user = buildUser({ username: `holder${index}`, email: `holder${index}@example.com` });
        const privateKey = randomBytes(32).toString('hex');
        const totp = index < 2 ? `TOTPSECRET${index}ABCDEFGH` : null;
        await store.users.insert({
          ...user,
          wallet: {
            address: user.wallet.address,
            encryptedPrivateKey: await vault.seal(privateKey, user.id),
            externalAddress: null,
          },
          twoFactor: totp
            ? { enabled: true, encryptedSecret: await vault.seal(totp, user.id), lastAcceptedStep: 3 }
            : user.twoFactor,
        });
        holders.push({ id: user.id, privateKey, totp });
      }
      const endpoint = buildWebhookEndpoint();
      webhookId = endpoint.id;
      await store.webhooks.insertEndpoint({
        ...endpoint,
        secrets: [
          { sealed: await vault.seal(webhookSecrets[0] ?? '', endpoint.id), expiresAt: null },
          {
            sealed: await vault.seal(webhookSecrets[1] ?? '', endpoint.id),
            expiresAt: new Date(Date.now() + 3_600_000),
          },
        ],
      });
    } finally {
      await store.close();
    }
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('killed with SIGKILL between two records, leaves every value readable; a rerun finishes under the same new key', async () => {
    const killed = spawnCli('keys-rotate', [], { DATA_DIR: dataDir, KEYS_ROTATE_PAUSE_AFTER: '3' });
    await killed.printed('paused after 3 writes');
    killed.child.kill('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');

    // The new key reached the file (flushed, renamed, mode kept) before any value was re-sealed.
    const midway = await readSecrets();
    expect(midway.walletKey).toMatch(/^[0-9a-f]{64}$/);
    expect(midway.walletKey).not.toBe(oldKey);
    expect(midway.previousWalletKeys).toEqual([oldKey]);
    expect(midway.jwtAccess).toBe('a'.repeat(64));
    expect((await stat(secretsPath())).mode & 0o777).toBe(0o600);
    expect(killed.stdout()).toContain(`new key ${idOf(midway.walletKey)} written to`);

    // Three values under the new key, the rest under the old one, each opening to what was sealed.
    const fileVault = vaultOf(midway.walletKey, oldKey);
    const values = await sealedValues();
    expect(values.filter((value) => value.wallet.startsWith(`${idOf(midway.walletKey)}:`))).toHaveLength(3);
    for (const { holder, wallet, totp } of values) {
      expect(await fileVault.open(wallet, holder.id)).toBe(holder.privateKey);
      if (holder.totp) expect(await fileVault.open(totp ?? '', holder.id)).toBe(holder.totp);
    }

    const rerun = await runCli('keys-rotate', [], { DATA_DIR: dataDir });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain(`finishing the rotation to key ${idOf(midway.walletKey)}`);
    expect(rerun.stdout).toContain('wallet keys: 3 re-sealed, 3 already current, 0 changed meanwhile');
    expect(rerun.stdout).toContain('TOTP secrets: 2 re-sealed, 0 already current, 0 changed meanwhile');
    expect(rerun.stdout).toContain(
      "webhook endpoints' secrets: 1 re-sealed, 0 already current, 0 changed meanwhile",
    );
    expect(rerun.stdout.trim().split('\n').at(-1)).toBe('keys:rotate: nothing left to rotate');
    expect(await readSecrets()).toEqual(midway);

    // Everything now opens with the new key alone, the webhook's secrets unchanged and in order.
    const newOnly = vaultOf(midway.walletKey);
    expect(await openedWebhookSecrets(newOnly)).toEqual(webhookSecrets);
    for (const { holder, wallet, totp } of await sealedValues()) {
      expect(await newOnly.open(wallet, holder.id)).toBe(holder.privateKey);
      if (holder.totp) expect(await newOnly.open(totp ?? '', holder.id)).toBe(holder.totp);
    }
  }, 60_000);

  it('a run with nothing left begins a fresh rotation, keeping every replaced key as a previous one', async () => {
    const first = await runCli('keys-rotate', [], { DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    const afterFirst = await readSecrets();
    const second = await runCli('keys-rotate', [], { DATA_DIR: dataDir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('wallet keys: 6 re-sealed, 0 already current');
    expect(second.stdout).toContain("webhook endpoints' secrets: 1 re-sealed, 0 already current");
    const afterSecond = await readSecrets();
    expect(afterSecond.walletKey).not.toBe(afterFirst.walletKey);
    expect(afterSecond.previousWalletKeys).toEqual([afterFirst.walletKey, oldKey]);

    // Each run is in the audit trail, by the command (docs/api.md, "Audit trail").
    const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
    try {
      const audited = await store.eventLog.listAudit({ action: 'keys.rotated' }, { limit: 10, page: 1 });
      expect(
        audited.items.map((event) => [
          event.actor,
          event.payload.keyId,
          event.payload.walletKeysResealed,
          event.payload.webhookEndpointsResealed,
        ]),
      ).toEqual([
        [commandActor('keys:rotate'), idOf(afterSecond.walletKey), 6, 1],
        [commandActor('keys:rotate'), idOf(afterFirst.walletKey), 6, 1],
      ]);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('with WALLET_ENCRYPTION_KEY set, rotates to that key and leaves the file alone', async () => {
    const before = await readFile(secretsPath(), 'utf8');
    const configured = randomBytes(32).toString('hex');
    const run = await runCli('keys-rotate', [], { DATA_DIR: dataDir, WALLET_ENCRYPTION_KEY: configured });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('secrets.json');
    expect(await readFile(secretsPath(), 'utf8')).toBe(before);
    for (const { holder, wallet } of await sealedValues()) {
      expect(await vaultOf(configured).open(wallet, holder.id)).toBe(holder.privateKey);
    }
    expect(await openedWebhookSecrets(vaultOf(configured))).toEqual(webhookSecrets);
  }, 60_000);

  it('refuses, in one line with its code and no stack, when a sealed value names a key nobody configured', async () => {
    await writeFile(
      secretsPath(),
      JSON.stringify({
        jwtAccess: 'a'.repeat(64),
        jwtRefresh: 'b'.repeat(64),
        walletKey: randomBytes(32).toString('hex'),
      }),
    );
    const before = await readFile(secretsPath(), 'utf8');
    const run = await runCli('keys-rotate', [], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^keys:rotate: KEY_DECRYPTION_FAILED: WALLET_ENCRYPTION_PREVIOUS_KEYS: no configured key has id /,
    );
    expect(lines[0]).toContain(idOf(oldKey));
    expect(await readFile(secretsPath(), 'utf8')).toBe(before);
  }, 60_000);
});
