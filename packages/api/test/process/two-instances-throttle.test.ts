import { call, makeDataDir, registerAccount, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../support/test-app.js';

/*
 * Two service processes on one store (one SQLite file in WAL mode) and one standalone devnet
 * (docs/operations.md, "Login throttling"): failed logins counted by one instance refuse the next
 * attempt on the other.
 */

let node: RunningDevnet;
let dataDir: string;
beforeAll(async () => {
  node = await startTestDevnet();
  dataDir = await makeDataDir();
});
afterAll(async () => {
  await node.stop();
  await removeDataDir(dataDir);
});

describe('two instances on one store', () => {
  it('share the login throttle: failures on either instance add up, and both refuse the pair', async () => {
    const env = { TRON_FULL_HOST: node.url, AUTH_RATE_LIMIT_MAX: '3', LISTENER_INTERVAL_MS: '600000' };
    // One after the other: the first writes the secrets file the second reads.
    const first = await startServiceProcess(dataDir, env);
    const second = await startServiceProcess(dataDir, env);
    try {
      const account = await registerAccount(first.apiUrl);
      const attempt = (apiUrl: string, password: string) =>
        call(apiUrl, 'POST', '/api/auth/login', { body: { email: account.email, password } });
      expect((await attempt(first.apiUrl, 'wrong password 1')).status).toBe(401);
      expect((await attempt(second.apiUrl, 'wrong password 2')).status).toBe(401);
      expect((await attempt(first.apiUrl, 'wrong password 3')).status).toBe(401);
      // Three failures in all, none of the instances saw three: each now refuses the pair.
      for (const apiUrl of [second.apiUrl, first.apiUrl]) {
        const refused = await attempt(apiUrl, account.password);
        expect(refused.status, JSON.stringify(refused.body)).toBe(429);
        expect(refused.body.code).toBe('RATE_LIMITED');
      }
    } finally {
      await Promise.all([first.stop('SIGTERM'), second.stop('SIGTERM')]);
    }
  }, 120_000);
});
