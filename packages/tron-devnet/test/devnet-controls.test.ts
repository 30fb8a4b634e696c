import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DevnetClient, newAccount, type TestAccount, TRX } from './support/devnet-client.js';

/** The automatic block producer's interval. */
const INTERVAL_MS = 50;

describe('devnet controls under /devnet/*', () => {
  let client: DevnetClient;
  let sender: TestAccount;
  let recipient: TestAccount;

  beforeAll(async () => {
    client = await DevnetClient.start();
    sender = await client.fundedAccount(20 * TRX);
    recipient = await client.fundedAccount(1 * TRX);
  });
  afterAll(() => client.stop());

  it('reject: refuses the next broadcast with OTHER_ERROR, then accepts again', async () => {
    expect(await client.post('/devnet/faults', { mode: 'reject', count: 1 })).toEqual({
      mode: 'reject',
      remaining: 1,
    });
    const refused = await client.transfer(sender, recipient.base58, 11);
    expect(refused.reply.code).toBe('OTHER_ERROR');
    expect(refused.reply.txid).toBe(refused.signed.txID);
    const accepted = await client.transfer(sender, recipient.base58, 12);
    expect(accepted.reply.result).toBe(true);
  });

  it('drop: answers result true but the transfer never reaches a block, and a re-broadcast is accepted', async () => {
    const before = await client.headBalance(sender.base58);
    await client.post('/devnet/faults', { mode: 'drop', count: 1 });
    const { signed, reply } = await client.transfer(sender, recipient.base58, 13);
    expect(reply).toMatchObject({ result: true, txid: signed.txID });
    await client.produceBlocks(4);
    expect(await client.tronWeb.trx.getUnconfirmedTransactionInfo(signed.txID)).toEqual({});
    await expect(client.tronWeb.trx.getTransaction(signed.txID)).rejects.toThrow('Transaction not found');
    expect(await client.headBalance(sender.base58)).toBe(before);

    const again = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<string, unknown>;
    expect(again.result).toBe(true);
    expect(await client.headBalance(sender.base58)).toBe(before - 13);
  });

  it('timeout: leaves the broadcast unanswered and the transfer unknown to the chain', async () => {
    await client.post('/devnet/faults', { mode: 'timeout', count: 1 });
    const signed = await client.signedTransfer(sender, recipient.base58, 14);
    const abort = new AbortController();
    let settled = false;
    const hanging = client.post('/wallet/broadcasttransaction', signed, abort.signal).finally(() => {
      settled = true;
    });
    // Later requests are answered while the broadcast still hangs.
    expect(await client.post('/wallet/gettransactionbyid', { value: signed.txID })).toEqual({});
    await client.produceBlocks(1);
    expect(settled).toBe(false);
    expect(await client.post('/wallet/gettransactionbyid', { value: signed.txID })).toEqual({});
    abort.abort();
    await expect(hanging).rejects.toThrow();
    const retried = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<
      string,
      unknown
    >;
    expect(retried.result).toBe(true);
  });

  it('accept-timeout: accepts the transfer (it is included) but never answers the broadcast', async () => {
    const before = await client.headBalance(sender.base58);
    await client.post('/devnet/faults', { mode: 'accept-timeout', count: 1 });
    const signed = await client.signedTransfer(sender, recipient.base58, 15);
    const abort = new AbortController();
    let settled = false;
    const hanging = client.post('/wallet/broadcasttransaction', signed, abort.signal).finally(() => {
      settled = true;
    });
    await client.produceBlocks(1);
    expect(settled).toBe(false);
    // The chain has it although the sender never heard so.
    expect(await client.post('/wallet/gettransactionbyid', { value: signed.txID })).toMatchObject({
      txID: signed.txID,
    });
    const after = await client.headBalance(sender.base58);
    expect(after).toBeLessThanOrEqual(before - 15);
    abort.abort();
    await expect(hanging).rejects.toThrow();
    // A re-broadcast of the same transaction is a duplicate, not a second transfer.
    const again = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<string, unknown>;
    expect(again.code).toBe('DUP_TRANSACTION_ERROR');
    await client.produceBlocks(1);
    expect(await client.headBalance(sender.base58)).toBe(after);
  });

  it('lists every transfer involving an address with its block and stage', async () => {
    const newcomer = newAccount();
    const funding = (await client.post('/devnet/fund', { address: newcomer.hex, amountSun: 3 * TRX })).txId;
    expect((await client.get(`/devnet/transactions?address=${newcomer.base58}`)).transactions).toEqual([
      {
        txId: funding,
        from: client.devnet.genesisAddress,
        to: newcomer.base58,
        amountSun: 3 * TRX,
        blockNumber: null,
        status: 'pending',
        failed: false,
      },
    ]);
    const block = await client.produceBlocks(1);
    const included = (await client.get(`/devnet/transactions?address=${newcomer.hex}`)).transactions;
    expect(included).toEqual([
      expect.objectContaining({ txId: funding, blockNumber: block, status: 'included' }),
    ]);
    await client.produceBlocks(2);
    const solid = (await client.get(`/devnet/transactions?address=${newcomer.base58}`)).transactions;
    expect(solid).toEqual([
      expect.objectContaining({ txId: funding, blockNumber: block, status: 'solidified' }),
    ]);
  });

  it('produces N blocks on request and reports head, solid and head time', async () => {
    const before = await client.post('/devnet/state');
    expect(await client.post('/devnet/blocks', { count: 5 })).toEqual({ head: (before.head as number) + 5 });
    const after = await client.post('/devnet/state');
    expect(after.solid).toBe((after.head as number) - 2);
    expect(after.headTime as number).toBeGreaterThanOrEqual((before.headTime as number) + 5 * 1000);
  });

  it('advances chain time so the next block lands at least that far after the head', async () => {
    const before = (await client.post('/devnet/state')).headTime as number;
    await client.post('/devnet/time', { advanceMs: 3_600_000 });
    await client.produceBlocks(1);
    expect((await client.post('/devnet/state')).headTime as number).toBeGreaterThanOrEqual(
      before + 3_600_000,
    );
  });

  it('answers GET with query parameters like POST with a JSON body', async () => {
    const byPost = await client.post('/walletsolidity/getaccount', { address: recipient.hex });
    expect(await client.get(`/walletsolidity/getaccount?address=${recipient.hex}`)).toEqual(byPost);
    expect(byPost.address).toBe(recipient.hex);
  });

  it('funds from genesis in-process like POST /devnet/fund, and throws what the route answers 400 to', async () => {
    const newcomer = newAccount();
    const txId = client.devnet.fund(newcomer.base58, 2 * TRX);
    expect(await client.headBalance(newcomer.base58)).toBe(2 * TRX);
    expect((await client.get(`/devnet/transactions?address=${newcomer.hex}`)).transactions).toEqual([
      expect.objectContaining({ txId, from: client.devnet.genesisAddress, amountSun: 2 * TRX }),
    ]);
    expect(() => client.devnet.fund('not-an-address', 1)).toThrow('address must be');
    expect(() => client.devnet.fund(newcomer.base58, Number.MAX_SAFE_INTEGER)).toThrow(
      /^CONTRACT_VALIDATE_ERROR: .*balance/,
    );
  });

  it('answers 400 to control requests with missing or invalid arguments', async () => {
    const response = await fetch(`${client.devnet.url}/devnet/fund`, {
      method: 'POST',
      body: JSON.stringify({ address: 'not-an-address', amountSun: 1 }),
    });
    expect(response.status).toBe(400);
    expect(await client.post('/devnet/faults', { mode: 'explode', count: 1 })).toEqual({
      error: 'mode must be one of reject, drop, timeout, accept-timeout, fail-in-block',
    });
  });
});

describe('automatic block production', () => {
  it('produces slot-aligned blocks on its interval, and none while paused', async () => {
    // The producer's interval runs on a fake clock the test moves, so "none while paused" is ten
    // intervals of that clock rather than a wait.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const client = await DevnetClient.start({ blockIntervalMs: INTERVAL_MS });
    try {
      const start = await client.headNumber();
      vi.advanceTimersByTime(2 * INTERVAL_MS);
      expect(await client.headNumber()).toBe(start + 2);
      const first = await client.tronWeb.trx.getBlock(start + 1);
      const second = await client.tronWeb.trx.getBlock(start + 2);
      expect(first.block_header.raw_data.timestamp % 1000).toBe(0);
      expect(
        second.block_header.raw_data.timestamp - first.block_header.raw_data.timestamp,
      ).toBeGreaterThanOrEqual(1000);

      await client.post('/devnet/pause');
      const pausedAt = await client.headNumber();
      vi.advanceTimersByTime(10 * INTERVAL_MS);
      expect(await client.headNumber()).toBe(pausedAt);
      await client.post('/devnet/resume');
      vi.advanceTimersByTime(INTERVAL_MS);
      expect(await client.headNumber()).toBe(pausedAt + 1);
    } finally {
      await client.stop();
      vi.useRealTimers();
    }
  });
});
