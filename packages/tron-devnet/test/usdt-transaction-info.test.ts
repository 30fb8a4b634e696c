import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_USDT_CONTRACT } from '../src/index.js';
import { DevnetClient, SOLID_DEPTH, type TestAccount, TRX } from './support/devnet-client.js';
import { loadFixture, shapeDifferences } from './support/json-shape.js';
import { broadcast, REFERENCE, sendUsdt, signedUsdtTransfer, USDT, usdtContractHex } from './support/usdt.js';

type Json = Record<string, unknown>;

/**
 * Where an app reads a contract call's outcome: the transaction info by id and by block, on the
 * full node and on the solidity node, and `ret` in blocks and `gettransactionbyid`.
 */
describe('transaction infos of USDT transfers', () => {
  let client: DevnetClient;
  let sender: TestAccount;
  let recipient: TestAccount;
  let succeeded: string;
  let reverted: string;
  let outOfEnergy: string;
  let trxTransfer: string;
  let block: number;

  beforeAll(async () => {
    client = await DevnetClient.start();
    sender = await client.fundedAccount(200 * TRX);
    recipient = await client.fundedAccount(1 * TRX);
    await client.control.mintUsdt(sender.base58, 10 * USDT);
    succeeded = await sendUsdt(client, sender, recipient.base58, 2 * USDT);
    const tooMuch = await signedUsdtTransfer(client, sender, recipient.base58, 100 * USDT);
    reverted = String((await broadcast(client, tooMuch)).txid);
    const tooLittleEnergy = await signedUsdtTransfer(client, sender, recipient.base58, 1 * USDT, 100_000);
    outOfEnergy = String((await broadcast(client, tooLittleEnergy)).txid);
    trxTransfer = (await client.transfer(sender, recipient.base58, 1 * TRX)).signed.txID;
    block = await client.produceBlocks(1);
  });
  afterAll(() => client.stop());

  const infoOf = (path: string, txId: string, extra: Json = {}) =>
    client.post(path, { value: txId, ...extra });

  it('walletsolidity answers {} until the block is solid, then what the full node answers', async () => {
    const full = await infoOf('/wallet/gettransactioninfobyid', succeeded);
    expect(full.blockNumber).toBe(block);
    expect(await infoOf('/walletsolidity/gettransactioninfobyid', succeeded)).toEqual({});
    expect(await client.tronWeb.trx.getTransactionInfo(succeeded)).toEqual({});
    await client.produceBlocks(SOLID_DEPTH);
    expect(await infoOf('/walletsolidity/gettransactioninfobyid', succeeded)).toEqual(full);
    expect(await client.tronWeb.trx.getTransactionInfo(succeeded)).toEqual(full);
  });

  it('names the contract with 41 in contract_address and without it in the log; visible: true prints both in base58', async () => {
    const hexForm = await infoOf('/wallet/gettransactioninfobyid', succeeded);
    expect(hexForm.contract_address).toBe(usdtContractHex());
    expect((hexForm.log as Json[])[0]?.address).toBe(usdtContractHex().slice(2));
    const visible = await infoOf('/wallet/gettransactioninfobyid', succeeded, { visible: true });
    expect(visible).toEqual({
      ...hexForm,
      contract_address: DEVNET_USDT_CONTRACT,
      log: (hexForm.log as Json[]).map((log) => ({ ...log, address: DEVNET_USDT_CONTRACT })),
    });
  });

  it('writes result FAILED and resMessage only for the failed calls, receipt.result for every call, none for TRX', async () => {
    const [ok, revert, oog, trx] = await Promise.all(
      [succeeded, reverted, outOfEnergy, trxTransfer].map((txId) =>
        infoOf('/wallet/gettransactioninfobyid', txId),
      ),
    );
    expect(ok?.result).toBeUndefined();
    expect(ok?.resMessage).toBeUndefined();
    expect(ok?.receipt).toMatchObject({ result: 'SUCCESS' });
    expect(revert).toMatchObject({ result: 'FAILED', receipt: { result: 'REVERT' } });
    expect(oog).toMatchObject({ result: 'FAILED', receipt: { result: 'OUT_OF_ENERGY' } });
    // The energy limit came from fee_limit: all of it is spent.
    expect(oog?.receipt).toMatchObject({
      energy_usage_total: 100_000 / REFERENCE.energyPriceSun,
      energy_fee: 100_000,
    });
    // A TRX transfer's info is as before: no receipt.result, no contract fields.
    expect(trx).toMatchObject({ id: trxTransfer, blockNumber: block, contractResult: [''] });
    expect(trx?.receipt).not.toHaveProperty('result');
    for (const field of ['result', 'resMessage', 'contract_address', 'log'])
      expect(trx).not.toHaveProperty(field);
  });

  it('marks each transaction’s ret in the block and in gettransactionbyid, on both nodes', async () => {
    const expected = new Map([
      [succeeded, 'SUCCESS'],
      [reverted, 'REVERT'],
      [outOfEnergy, 'OUT_OF_ENERGY'],
      [trxTransfer, 'SUCCESS'],
    ]);
    for (const node of ['/wallet', '/walletsolidity']) {
      const transactions = (await client.post(`${node}/getblockbynum`, { num: block }))
        .transactions as Json[];
      expect(new Map(transactions.map((transaction) => [transaction.txID, transaction.ret]))).toEqual(
        new Map([...expected].map(([txId, ret]) => [txId, [{ contractRet: ret }]])),
      );
      for (const [txId, ret] of expected) {
        expect((await client.post(`${node}/gettransactionbyid`, { value: txId })).ret).toEqual([
          { contractRet: ret },
        ]);
      }
    }
  });

  it('gettransactioninfobyblocknum answers every info of the block; the solidity node [] until it is solid; {} for num 0', async () => {
    const byId = await Promise.all(
      [succeeded, reverted, outOfEnergy, trxTransfer].map((txId) =>
        infoOf('/wallet/gettransactioninfobyid', txId),
      ),
    );
    const full = (await client.post('/wallet/gettransactioninfobyblocknum', {
      num: block,
    })) as unknown as Json[];
    expect(full).toEqual(byId);
    expect(await client.get(`/wallet/gettransactioninfobyblocknum?num=${block}`)).toEqual(full);
    expect(await client.post('/walletsolidity/gettransactioninfobyblocknum', { num: block })).toEqual(full);

    const latest = await sendUsdt(client, sender, recipient.base58, 1);
    const next = await client.produceBlocks(1);
    expect(await client.post('/wallet/gettransactioninfobyblocknum', { num: next })).toEqual([
      await infoOf('/wallet/gettransactioninfobyid', latest),
    ]);
    expect(await client.post('/walletsolidity/gettransactioninfobyblocknum', { num: next })).toEqual([]);
    const empty = await client.produceBlocks(1);
    expect(await client.post('/wallet/gettransactioninfobyblocknum', { num: empty })).toEqual([]);
    expect(await client.post('/wallet/gettransactioninfobyblocknum', { num: 0 })).toEqual({});

    const visible = (await client.post('/wallet/gettransactioninfobyblocknum', {
      num: block,
      visible: true,
    })) as unknown as Json[];
    expect(visible[0]?.log).toEqual([expect.objectContaining({ address: DEVNET_USDT_CONTRACT })]);
  });

  it('has the contract-call fields of a real java-tron info (a Nile call that burned TRX)', async () => {
    // The second transfer of the day burns bandwidth, as the recorded one did.
    const burning = await sendUsdt(client, sender, recipient.base58, 1 * USDT);
    await client.produceBlocks(1);
    const info = await infoOf('/wallet/gettransactioninfobyid', burning);
    expect(shapeDifferences(info, loadFixture('gettransactioninfobyid-with-fee.txt'))).toEqual([
      // That Nile contract called others; a token transfer makes no internal call.
      '$.internal_transactions: only java-tron',
      // The dynamic-energy surcharge, which mainnet's USDT receipts carry (java-tron#6263).
      '$.receipt.energy_penalty_total: only devnet',
    ]);
  });
});
