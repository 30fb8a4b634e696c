import { readFile, stat } from 'node:fs/promises';
import {
  call,
  logIn,
  makeDataDir,
  registerAccount,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForAirdrop } from './shop-client.js';

describe('DATA_DIR/secrets.json', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it('is created with mode 0600 on the first start and reused unchanged by the next one', async () => {
    const file = join(dataDir, 'secrets.json');
    const first = await startServiceProcess(dataDir);
    let buyer: Awaited<ReturnType<typeof registerAccount>>;
    try {
      buyer = await registerAccount(first.apiUrl);
    } finally {
      expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const created = await readFile(file, 'utf8');
    const secrets = JSON.parse(created) as Record<string, unknown>;
    expect(secrets.walletKey).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof secrets.jwtAccess).toBe('string');
    expect(typeof secrets.jwtRefresh).toBe('string');

    const second = await startServiceProcess(dataDir);
    try {
      // Same secrets in use: a token signed before the restart is still accepted.
      const profile = await call(second.apiUrl, 'GET', '/api/auth/profile', { token: buyer.token });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      expect(profile.body.user).toMatchObject({ id: buyer.id, email: buyer.email });
      // Same wallet master key in use: a withdrawal signs with the key sealed before the restart.
      const token = await logIn(second.apiUrl, buyer.email, buyer.password);
      await waitForAirdrop(second.apiUrl, token);
      const recipient = await registerAccount(second.apiUrl);
      const sent = await call(second.apiUrl, 'POST', '/api/wallets/send', {
        token,
        body: { toAddress: recipient.address, amount: 1 },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.transaction).toMatchObject({ from: buyer.address, to: recipient.address, amount: 1 });
    } finally {
      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
    expect(await readFile(file, 'utf8')).toBe(created);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  }, 90_000);
});
