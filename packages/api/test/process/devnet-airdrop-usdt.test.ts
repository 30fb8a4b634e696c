import {
  call,
  eventually,
  makeDataDir,
  registerAccount,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** DEVNET_AIRDROP_TRX's and DEVNET_AIRDROP_USDT's defaults. */
const AIRDROP_TRX = 1000;
const AIRDROP_USDT = 1000;

describe('the running service on its embedded devnet', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it('gives a new customer 1000 USDT beside the 1000 TRX, as their wallet balance shows', async () => {
    const service = await startServiceProcess(dataDir);
    try {
      const buyer = await registerAccount(service.apiUrl);

      const answer = await eventually(
        () => call(service.apiUrl, 'GET', '/api/wallets/balance', { token: buyer.token }),
        (seen) => seen.body.balance === AIRDROP_TRX,
        'the airdrop reaching the confirmed balance',
        30_000,
        150,
      );

      expect(answer.body.balances).toEqual([
        { currency: 'TRX', balance: AIRDROP_TRX, pendingOutgoing: 0 },
        { currency: 'USDT', balance: AIRDROP_USDT, pendingOutgoing: 0 },
      ]);
    } finally {
      await service.stop();
    }
  }, 90_000);
});
