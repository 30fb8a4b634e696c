import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevnetClient, newAccount, SOLID_DEPTH, TRX } from './support/devnet-client.js';

describe('a TronWeb client pointed at the devnet', () => {
  let client: DevnetClient;

  beforeAll(async () => {
    client = await DevnetClient.start();
  });
  afterAll(() => client.stop());

  it('reports every provider connected (isConnected)', async () => {
    expect(await client.tronWeb.isConnected()).toEqual({
      fullNode: true,
      solidityNode: true,
      eventServer: true,
    });
  });

  it('shows a funded balance at the head at once and on the solidified chain only after the solid depth', async () => {
    const account = newAccount();
    await client.post('/devnet/fund', { address: account.base58, amountSun: 25 * TRX });
    expect(await client.headBalance(account.base58)).toBe(25 * TRX);
    expect(await client.solidBalance(account.base58)).toBe(0);

    await client.produceBlocks(SOLID_DEPTH);
    expect(await client.solidBalance(account.base58)).toBe(0);
    await client.produceBlocks(1);
    expect(await client.solidBalance(account.base58)).toBe(25 * TRX);
  });

  it('answers getTransactionInfo with {} until the block holding the transfer is solid, then with its block', async () => {
    const sender = await client.fundedAccount(10 * TRX);
    const recipient = await client.fundedAccount(1 * TRX);
    const { signed, reply } = await client.transfer(sender, recipient.base58, 3 * TRX);
    expect(reply).toMatchObject({ result: true, txid: signed.txID });

    expect(await client.tronWeb.trx.getTransactionInfo(signed.txID)).toEqual({});
    expect(await client.tronWeb.trx.getUnconfirmedTransactionInfo(signed.txID)).toEqual({});

    const includedIn = await client.produceBlocks(1);
    const headInfo = await client.tronWeb.trx.getUnconfirmedTransactionInfo(signed.txID);
    expect(headInfo).toMatchObject({ id: signed.txID, blockNumber: includedIn });
    expect(await client.tronWeb.trx.getTransactionInfo(signed.txID)).toEqual({});
    await expect(client.tronWeb.trx.getConfirmedTransaction(signed.txID)).rejects.toThrow(
      'Transaction not found',
    );

    await client.produceBlocks(SOLID_DEPTH - 1);
    expect(await client.tronWeb.trx.getTransactionInfo(signed.txID)).toEqual({});
    await client.produceBlocks(1);
    const solidInfo = await client.tronWeb.trx.getTransactionInfo(signed.txID);
    expect(solidInfo).toEqual(headInfo);
    expect(solidInfo.blockNumber).toBe(includedIn);
    const block = await client.tronWeb.trx.getBlock(includedIn);
    expect(solidInfo.blockTimeStamp).toBe(block.block_header.raw_data.timestamp);
    expect(block.transactions?.map((transaction) => transaction.txID)).toEqual([signed.txID]);
    const confirmed = await client.tronWeb.trx.getConfirmedTransaction(signed.txID);
    expect(confirmed.ret).toEqual([{ contractRet: 'SUCCESS' }]);
    expect(confirmed.raw_data).toEqual(signed.raw_data);
  });

  it('moves balances to the SUN: the recipient gains the amount, the sender loses only the amount on free bandwidth', async () => {
    const sender = await client.fundedAccount(10 * TRX);
    const recipient = await client.fundedAccount(2 * TRX);
    await client.transfer(sender, recipient.base58, 1_234_567);
    expect(await client.headBalance(sender.base58)).toBe(10 * TRX - 1_234_567);
    expect(await client.headBalance(recipient.base58)).toBe(2 * TRX + 1_234_567);
    expect(await client.solidBalance(recipient.base58)).toBe(2 * TRX);
    await client.produceBlocks(SOLID_DEPTH + 1);
    expect(await client.solidBalance(sender.base58)).toBe(10 * TRX - 1_234_567);
    expect(await client.solidBalance(recipient.base58)).toBe(2 * TRX + 1_234_567);
  });

  it('returns blocks whose ids encode their number and whose parent hash is the previous id', async () => {
    const head = await client.produceBlocks(2);
    const [parent, child] = await Promise.all([
      client.tronWeb.trx.getBlock(head - 1),
      client.tronWeb.trx.getBlock(head),
    ]);
    expect(Number.parseInt(child.blockID.slice(0, 16), 16)).toBe(head);
    expect(child.block_header.raw_data.parentHash).toBe(parent.blockID);
    expect(child.block_header.raw_data.timestamp % 1000).toBe(0);
    expect(child.block_header.raw_data.timestamp).toBeGreaterThan(parent.block_header.raw_data.timestamp);
    const current = await client.tronWeb.trx.getCurrentBlock();
    expect(current.blockID).toBe(child.blockID);
    const solid = await client.tronWeb.trx.getConfirmedCurrentBlock();
    expect(solid.block_header.raw_data.number).toBe(head - SOLID_DEPTH);
  });
});
