import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_USDT_CONTRACT } from '../src/index.js';
import { DevnetClient, newAccount, SOLID_DEPTH, type TestAccount, TRX } from './support/devnet-client.js';
import {
  addressWord,
  broadcast,
  hexOf,
  headUsdtBalance,
  REFERENCE,
  sendUsdt,
  signedUsdtTransfer,
  solidUsdtBalance,
  textOf,
  uintWord,
  USDT,
  usdtContractHex,
} from './support/usdt.js';

type Json = Record<string, unknown>;

/** Set here so the expected REVERT bill does not rest on the devnet's own default. */
const REVERT_ENERGY = 5_000;

describe('USDT transfers through TronWeb, executed when a block includes them', () => {
  let client: DevnetClient;

  beforeAll(async () => {
    client = await DevnetClient.start({ usdt: { revertEnergy: REVERT_ENERGY } });
  });
  afterAll(() => client.stop());

  const info = (txId: string) => client.post('/wallet/gettransactioninfobyid', { value: txId });
  const retOf = async (txId: string) =>
    ((await client.post('/wallet/gettransactionbyid', { value: txId })) as { ret?: unknown }).ret;

  /** A sender with TRX for fees (solid) and `usdt` base units. */
  const holder = async (trx: number, usdt: number): Promise<TestAccount> => {
    const account = await client.fundedAccount(trx);
    await client.control.mintUsdt(account.base58, usdt);
    return account;
  };

  it('transfer().send() to an address holding no USDT: balances move, a Transfer log, 130,285 energy burned at 100 SUN', async () => {
    const sender = await holder(100 * TRX, 10 * USDT);
    const recipient = newAccount();
    const txId = await sendUsdt(client, sender, recipient.base58, 3 * USDT);
    expect(txId).toMatch(/^[0-9a-f]{64}$/);
    // Accepted, not yet in a block: no outcome.
    expect(await info(txId)).toEqual({});

    const block = await client.produceBlocks(1);
    const energyFee = REFERENCE.energyToNonHolder * REFERENCE.energyPriceSun;
    expect(await info(txId)).toEqual({
      id: txId,
      fee: energyFee,
      blockNumber: block,
      blockTimeStamp: expect.any(Number),
      contractResult: ['0'.repeat(64)],
      contract_address: usdtContractHex(),
      receipt: {
        energy_fee: energyFee,
        energy_usage_total: REFERENCE.energyToNonHolder,
        // The sender's free daily bandwidth pays the 345 bytes.
        net_usage: REFERENCE.transferBandwidthBytes,
        result: 'SUCCESS',
        energy_penalty_total: expect.any(Number),
      },
      log: [
        {
          address: usdtContractHex().slice(2),
          topics: [REFERENCE.transferTopic, addressWord(sender.base58), addressWord(recipient.base58)],
          data: uintWord(3 * USDT),
        },
      ],
    });
    expect(await retOf(txId)).toEqual([{ contractRet: 'SUCCESS' }]);
    expect(await headUsdtBalance(client, sender.base58)).toBe(BigInt(7 * USDT));
    expect(await headUsdtBalance(client, recipient.base58)).toBe(BigInt(3 * USDT));
    expect(await client.headBalance(sender.base58)).toBe(100 * TRX - energyFee);
    // A USDT receipt lives in the contract: the recipient still has no TRX account.
    expect(await client.post('/wallet/getaccount', { address: recipient.hex })).toEqual({});

    await client.produceBlocks(SOLID_DEPTH);
    expect(await solidUsdtBalance(client, recipient.base58)).toBe(BigInt(3 * USDT));
    expect(await client.solidBalance(sender.base58)).toBe(100 * TRX - energyFee);
  });

  it('a second transfer to the now-holder costs 64,285 energy with its penalty, and burns 345 bytes of bandwidth once the free ones are spent', async () => {
    const sender = await holder(100 * TRX, 10 * USDT);
    const recipient = newAccount();
    await sendUsdt(client, sender, recipient.base58, 1 * USDT);
    const second = await sendUsdt(client, sender, recipient.base58, 2 * USDT);
    await client.produceBlocks(1);

    const energyFee = REFERENCE.energyToHolder * REFERENCE.energyPriceSun;
    const netFee = REFERENCE.transferBandwidthBytes * REFERENCE.burnSunPerByte;
    const reply = await info(second);
    expect(reply.fee).toBe(energyFee + netFee);
    expect(reply.receipt).toEqual({
      energy_fee: energyFee,
      energy_usage_total: REFERENCE.energyToHolder,
      net_fee: netFee,
      result: 'SUCCESS',
      energy_penalty_total: REFERENCE.penaltyToHolder,
    });
    const firstFee = REFERENCE.energyToNonHolder * REFERENCE.energyPriceSun;
    expect(await client.headBalance(sender.base58)).toBe(100 * TRX - firstFee - energyFee - netFee);
    expect(await headUsdtBalance(client, recipient.base58)).toBe(BigInt(3 * USDT));
  });

  it('triggerSmartContract, sign and sendRawTransaction, unchanged, broadcast a 345-byte transfer that lands as SUCCESS', async () => {
    const sender = await holder(50 * TRX, 5 * USDT);
    const recipient = newAccount();
    const signed = await signedUsdtTransfer(client, sender, recipient.base58, 1_500_000);
    expect(signed.raw_data.contract[0]?.type).toBe('TriggerSmartContract');
    const reply = await broadcast(client, signed);
    expect(reply).toMatchObject({ result: true, txid: signed.txID });
    await client.produceBlocks(1);
    expect((await info(signed.txID)).receipt).toMatchObject({
      net_usage: REFERENCE.transferBandwidthBytes,
      result: 'SUCCESS',
    });
    expect(await headUsdtBalance(client, recipient.base58)).toBe(1_500_000n);
  });

  it('triggersmartcontract only builds: nothing moves, and no block holds it, until the signed transaction is broadcast', async () => {
    const sender = await holder(50 * TRX, 5 * USDT);
    const recipient = newAccount();
    const { transaction } = await client.tronWeb.transactionBuilder.triggerSmartContract(
      DEVNET_USDT_CONTRACT,
      'transfer(address,uint256)',
      { feeLimit: 40_000_000 },
      [
        { type: 'address', value: recipient.base58 },
        { type: 'uint256', value: 1_000_000 },
      ],
      sender.base58,
    );
    const block = await client.produceBlocks(1);
    expect(await client.post('/wallet/gettransactionbyid', { value: transaction.txID })).toEqual({});
    expect((await client.post('/wallet/getblockbynum', { num: block })).transactions).toBeUndefined();
    expect(await headUsdtBalance(client, sender.base58)).toBe(BigInt(5 * USDT));
    expect(await client.headBalance(sender.base58)).toBe(50 * TRX);
  });

  it('a transfer beyond the token balance is accepted at broadcast, then lands as REVERT: energy used burned, nothing moved, no log', async () => {
    const sender = await holder(50 * TRX, 1 * USDT);
    const recipient = newAccount();
    const signed = await signedUsdtTransfer(client, sender, recipient.base58, 2 * USDT);
    expect(await broadcast(client, signed)).toMatchObject({ result: true });

    await client.produceBlocks(1);
    const reply = await info(signed.txID);
    const energyFee = REVERT_ENERGY * REFERENCE.energyPriceSun;
    expect(reply).toMatchObject({
      fee: energyFee,
      receipt: { energy_fee: energyFee, energy_usage_total: REVERT_ENERGY, result: 'REVERT' },
      result: 'FAILED',
      resMessage: hexOf('REVERT opcode executed'),
    });
    expect(reply.log).toBeUndefined();
    expect(String((reply.contractResult as string[])[0])).toMatch(
      new RegExp(`^${REFERENCE.revertReasonSelector}`),
    );
    expect(await retOf(signed.txID)).toEqual([{ contractRet: 'REVERT' }]);
    const block = await client.post('/wallet/getblockbynum', { num: reply.blockNumber });
    expect((block.transactions as Json[])[0]).toMatchObject({
      txID: signed.txID,
      ret: [{ contractRet: 'REVERT' }],
    });
    expect(await headUsdtBalance(client, sender.base58)).toBe(BigInt(1 * USDT));
    expect(await headUsdtBalance(client, recipient.base58)).toBe(0n);
    expect(await client.headBalance(sender.base58)).toBe(50 * TRX - energyFee);
  });

  it('a fee_limit under the energy the transfer needs lands as OUT_OF_ENERGY consuming the whole limit, no log, nothing moved', async () => {
    const sender = await holder(50 * TRX, 5 * USDT);
    const recipient = newAccount();
    const feeLimit = 1_000_000;
    const limit = feeLimit / REFERENCE.energyPriceSun;
    const signed = await signedUsdtTransfer(client, sender, recipient.base58, 1 * USDT, feeLimit);
    expect(await broadcast(client, signed)).toMatchObject({ result: true });

    await client.produceBlocks(1);
    const reply = await info(signed.txID);
    expect(reply).toMatchObject({
      fee: feeLimit,
      receipt: { energy_fee: feeLimit, energy_usage_total: limit, result: 'OUT_OF_ENERGY' },
      result: 'FAILED',
    });
    expect(textOf(reply.resMessage)).toContain(
      `Not enough energy for 'SSTORE' operation executing: curInvokeEnergyLimit[${limit}]`,
    );
    expect(reply.log).toBeUndefined();
    expect(await retOf(signed.txID)).toEqual([{ contractRet: 'OUT_OF_ENERGY' }]);
    expect(await headUsdtBalance(client, recipient.base58)).toBe(0n);
    expect(await headUsdtBalance(client, sender.base58)).toBe(BigInt(5 * USDT));
    expect(await client.headBalance(sender.base58)).toBe(50 * TRX - feeLimit);
  });

  it("the sender's TRX caps the energy below a generous fee_limit: 2 TRX buy 20,000 energy, all burned", async () => {
    const sender = await holder(2 * TRX, 5 * USDT);
    const signed = await signedUsdtTransfer(client, sender, newAccount().base58, 1 * USDT, 100 * TRX);
    expect(await broadcast(client, signed)).toMatchObject({ result: true });
    await client.produceBlocks(1);
    expect((await info(signed.txID)).receipt).toMatchObject({
      energy_usage_total: (2 * TRX) / REFERENCE.energyPriceSun,
      energy_fee: 2 * TRX,
      result: 'OUT_OF_ENERGY',
    });
    expect(await client.headBalance(sender.base58)).toBe(0);
  });

  it("decodes an address word by its low 20 bytes: wallet-cli's 41 upper byte still pays the right recipient", async () => {
    const sender = await holder(50 * TRX, 5 * USDT);
    const recipient = newAccount();
    const wordWith41 = `0000000000000000000000${recipient.hex}`;
    expect(wordWith41).toHaveLength(64);
    const tronWeb = client.tronWeb;
    const { transaction } = await tronWeb.transactionBuilder.triggerSmartContract(
      DEVNET_USDT_CONTRACT,
      'transfer(address,uint256)',
      { feeLimit: 50_000_000, rawParameter: wordWith41 + uintWord(1_234_567) },
      [],
      sender.base58,
    );
    const signed = await tronWeb.trx.sign(transaction, sender.privateKey);
    expect(await broadcast(client, signed)).toMatchObject({ result: true });
    await client.produceBlocks(1);
    expect(await headUsdtBalance(client, recipient.base58)).toBe(1_234_567n);
    // The log names the address as the TVM saw it: 20 bytes, left-padded.
    expect(((await info(signed.txID)).log as { topics: string[] }[])[0]?.topics[2]).toBe(
      addressWord(recipient.hex),
    );
  });
});
