import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevnetClient, newAccount, SOLID_DEPTH, type TestAccount, TRX } from './support/devnet-client.js';

const FAILURE_MESSAGE = 'transfer trx failed: devnet fault: fail-in-block';
const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');

type Json = Record<string, unknown>;
const retOf = (transaction: unknown) => (transaction as { ret?: unknown }).ret;
const transactionIn = (block: Json, txId: string) =>
  (block.transactions as Json[] | undefined)?.find((transaction) => transaction.txID === txId);

/**
 * `fail-in-block`: java-tron's "included, but the contract failed" (`ret[0].contractRet` not
 * SUCCESS, info `result: FAILED`), which the service must tell apart from a transfer that landed.
 */
describe('fail-in-block fault', () => {
  let client: DevnetClient;
  let sender: TestAccount;
  let recipient: TestAccount;

  beforeAll(async () => {
    client = await DevnetClient.start();
    sender = await client.fundedAccount(20 * TRX);
    recipient = await client.fundedAccount(1 * TRX);
  });
  afterAll(() => client.stop());

  it('accepts the transfer, includes it as TRANSFER_FAILED everywhere it is served, and moves no TRX', async () => {
    expect(await client.post('/devnet/faults', { mode: 'fail-in-block', count: 1 })).toEqual({
      mode: 'fail-in-block',
      remaining: 1,
    });
    const { signed, reply } = await client.transfer(sender, recipient.base58, 3 * TRX);
    expect(reply).toMatchObject({ result: true, txid: signed.txID });

    // Pending: no outcome yet, and the pending view already moves nothing (free bandwidth, no fee).
    expect(await client.headBalance(sender.base58)).toBe(20 * TRX);
    expect(await client.headBalance(recipient.base58)).toBe(1 * TRX);
    expect(retOf(await client.post('/wallet/gettransactionbyid', { value: signed.txID }))).toBeUndefined();
    expect(await client.get(`/devnet/transactions?address=${recipient.base58}`)).toMatchObject({
      transactions: expect.arrayContaining([
        expect.objectContaining({ txId: signed.txID, status: 'pending', failed: false }),
      ]),
    });

    const included = await client.produceBlocks(1);
    const failedRet = [{ contractRet: 'TRANSFER_FAILED' }];
    expect(retOf(await client.post('/wallet/gettransactionbyid', { value: signed.txID }))).toEqual(failedRet);
    expect(retOf(transactionIn(await client.post('/wallet/getnowblock'), signed.txID))).toEqual(failedRet);
    const headInfo = await client.post('/wallet/gettransactioninfobyid', { value: signed.txID });
    expect(headInfo).toEqual({
      id: signed.txID,
      blockNumber: included,
      blockTimeStamp: expect.any(Number),
      contractResult: [''],
      receipt: { net_usage: expect.any(Number), result: 'TRANSFER_FAILED' },
      result: 'FAILED',
      resMessage: hexOf(FAILURE_MESSAGE),
    });
    // The solidity node does not have it yet.
    expect(await client.post('/walletsolidity/gettransactionbyid', { value: signed.txID })).toEqual({});

    await client.produceBlocks(SOLID_DEPTH);
    expect(retOf(await client.post('/walletsolidity/gettransactionbyid', { value: signed.txID }))).toEqual(
      failedRet,
    );
    const solidBlock = await client.post('/walletsolidity/getblockbynum', { num: included });
    expect(retOf(transactionIn(solidBlock, signed.txID))).toEqual(failedRet);
    const headBlock = await client.post('/wallet/getblockbynum', { num: included });
    expect(retOf(transactionIn(headBlock, signed.txID))).toEqual(failedRet);
    expect(await client.post('/walletsolidity/gettransactioninfobyid', { value: signed.txID })).toEqual(
      headInfo,
    );
    expect(await client.tronWeb.trx.getTransactionInfo(signed.txID)).toMatchObject({ result: 'FAILED' });
    expect(await client.get(`/devnet/transactions?address=${sender.base58}`)).toMatchObject({
      transactions: expect.arrayContaining([
        {
          txId: signed.txID,
          from: sender.base58,
          to: recipient.base58,
          amountSun: 3 * TRX,
          blockNumber: included,
          status: 'solidified',
          failed: true,
        },
      ]),
    });
    expect(await client.solidBalance(sender.base58)).toBe(20 * TRX);
    expect(await client.solidBalance(recipient.base58)).toBe(1 * TRX);
  });

  it('fails exactly `count` broadcasts, then transfers succeed again', async () => {
    const before = await client.solidBalance(recipient.base58);
    await client.post('/devnet/faults', { mode: 'fail-in-block', count: 2 });
    const first = await client.transfer(sender, recipient.base58, 1_000);
    const second = await client.transfer(sender, recipient.base58, 2_000);
    const third = await client.transfer(sender, recipient.base58, 4_000);
    await client.produceBlocks(SOLID_DEPTH + 1);
    const outcome = async (txId: string) =>
      retOf(await client.post('/walletsolidity/gettransactionbyid', { value: txId }));
    expect(await outcome(first.signed.txID)).toEqual([{ contractRet: 'TRANSFER_FAILED' }]);
    expect(await outcome(second.signed.txID)).toEqual([{ contractRet: 'TRANSFER_FAILED' }]);
    expect(await outcome(third.signed.txID)).toEqual([{ contractRet: 'SUCCESS' }]);
    const thirdInfo = await client.post('/walletsolidity/gettransactioninfobyid', {
      value: third.signed.txID,
    });
    expect(thirdInfo.result).toBeUndefined();
    expect(thirdInfo.resMessage).toBeUndefined();
    expect(await client.solidBalance(recipient.base58)).toBe(before + 4_000);
    expect(await client.post('/devnet/faults', { mode: 'fail-in-block', count: 0 })).toEqual({
      mode: null,
      remaining: 0,
    });
  });

  it('to a new account: burns the 0.1 TRX bandwidth fee, but neither activates it nor burns the 1 TRX', async () => {
    const payer = await client.fundedAccount(5 * TRX);
    const newcomer = newAccount();
    await client.post('/devnet/faults', { mode: 'fail-in-block', count: 1 });
    const { signed, reply } = await client.transfer(payer, newcomer.base58, 2 * TRX);
    expect(reply.result).toBe(true);
    await client.produceBlocks(SOLID_DEPTH + 1);
    expect(await client.solidBalance(payer.base58)).toBe(5 * TRX - 100_000);
    expect(await client.post('/walletsolidity/getaccount', { address: newcomer.hex })).toEqual({});
    expect(await client.post('/walletsolidity/gettransactioninfobyid', { value: signed.txID })).toMatchObject(
      {
        fee: 100_000,
        receipt: { net_fee: 100_000, result: 'TRANSFER_FAILED' },
        result: 'FAILED',
      },
    );
  });

  it('still refuses what the node would refuse: the fault does not make an invalid transfer valid', async () => {
    const poor = await client.fundedAccount(1 * TRX);
    await client.post('/devnet/faults', { mode: 'fail-in-block', count: 1 });
    const { reply } = await client.transfer(poor, recipient.base58, 5 * TRX);
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(reply.result).toBeUndefined();
  });
});
