import {
  call,
  eventually,
  makeDataDir,
  registerAccount,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** DEVNET_AIRDROP_TRX's default: what the embedded devnet sends every new wallet. */
const AIRDROP_TRX = 1000;

describe('the deposit scanner in the running service', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it("records the registration airdrop (a transfer from the devnet genesis) as the new customer's deposit", async () => {
    const service = await startServiceProcess(dataDir, { LISTENER_INTERVAL_MS: '200' });
    try {
      const buyer = await registerAccount(service.apiUrl);
      const listed = await eventually(
        () => call(service.apiUrl, 'GET', '/api/transactions?type=deposit', { token: buyer.token }),
        (answer) => (answer.body.transactions as unknown[] | undefined)?.length === 1,
        'the airdrop recorded as a deposit',
        30_000,
        150,
      );
      const [deposit] = listed.body.transactions as Record<string, unknown>[];
      expect(deposit).toMatchObject({
        type: 'deposit',
        status: 'confirmed',
        amount: AIRDROP_TRX,
        toAddress: buyer.address,
        userId: buyer.id,
      });
      const onChain = (await (
        await fetch(`${service.devnetUrl}/devnet/transactions?address=${buyer.address}`)
      ).json()) as { transactions: { txId: string; from: string }[] };
      expect(onChain.transactions.map((transfer) => [transfer.txId, transfer.from])).toEqual([
        [deposit?.transactionHash, deposit?.fromAddress],
      ]);
    } finally {
      await service.stop();
    }
  }, 90_000);
});
