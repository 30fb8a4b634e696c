import { randomBytes } from 'node:crypto';
import {
  call,
  makeDataDir,
  type RunningTestMongo,
  registerAccount,
  removeDataDir,
  startServiceProcess,
  startTestMongo,
} from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../support/test-app.js';

/*
 * Two service processes on one store (one SQLite file in WAL mode, or one MongoDB database) and
 * one standalone devnet (docs/operations.md, "Login throttling"): failed logins counted by one
 * instance refuse the next attempt on the other.
 */

let node: RunningDevnet;
let mongo: RunningTestMongo | { readonly skipReason: string };
beforeAll(async () => {
  node = await startTestDevnet();
  mongo = await startTestMongo();
}, 120_000);
afterAll(async () => {
  await node.stop();
  if (!('skipReason' in mongo)) await mongo.stop();
});

const sharedThrottle = async (storeEnv: Readonly<Record<string, string>>) => {
  const dataDir = await makeDataDir();
  try {
    const env = {
      ...storeEnv,
      TRON_FULL_HOST: node.url,
      AUTH_RATE_LIMIT_MAX: '3',
      LISTENER_INTERVAL_MS: '600000',
    };
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
  } finally {
    await removeDataDir(dataDir);
  }
};

describe('two instances on one store', () => {
  it(
    'share the login throttle on one SQLite file: failures on either instance add up, and both refuse the pair',
    () => sharedThrottle({}),
    120_000,
  );

  it('share the login throttle on the MongoDB store', async (context) => {
    if ('skipReason' in mongo) {
      context.skip(`needs a MongoDB: ${mongo.skipReason}`);
      return;
    }
    await sharedThrottle({
      MONGODB_URI: mongo.uri,
      MONGODB_DB: `t_throttle_${randomBytes(6).toString('hex')}`,
    });
  }, 120_000);
});
