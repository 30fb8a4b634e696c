import { utils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_USDT_CONTRACT } from '../src/index.js';
import { billedBytes } from './support/bandwidth-bytes.js';
import { DevnetClient, decodeMessage, newAccount, type TestAccount, TRX } from './support/devnet-client.js';
import {
  addressWord,
  broadcast,
  REFERENCE,
  signedUsdtTransfer,
  textOf,
  tronWebOf,
  uintWord,
  USDT,
  usdtContractHex,
} from './support/usdt.js';

type Json = Record<string, unknown>;

/** What the node checks when a TriggerSmartContract is built and broadcast, and what it leaves to the block. */
describe('building and broadcasting USDT transfers', () => {
  let client: DevnetClient;
  let sender: TestAccount;

  beforeAll(async () => {
    client = await DevnetClient.start();
    sender = await client.fundedAccount(100 * TRX);
    await client.control.mintUsdt(sender.base58, 10 * USDT);
  });
  afterAll(() => client.stop());

  /** A signed transfer whose raw_data the node built from this exact request (no TronWeb check on it). */
  const signedFromNode = async (from: TestAccount, request: Json) => {
    const reply = await client.post('/wallet/triggersmartcontract', {
      owner_address: from.hex,
      contract_address: usdtContractHex(),
      function_selector: 'transfer(address,uint256)',
      parameter: addressWord(newAccount().base58) + uintWord(1),
      ...request,
    });
    return utils.crypto.signTransaction(from.privateKey, reply.transaction as never);
  };

  /** Signs `raw_data` as it now stands: txID and raw_data_hex recomputed first. */
  const signAfresh = (from: TestAccount, rawData: unknown) => {
    const pb = utils.transaction.txJsonToPb({ raw_data: rawData });
    const txID = utils.transaction.txPbToTxID(pb).replace(/^0x/, '');
    const unsigned = {
      visible: false,
      txID,
      raw_data: rawData,
      raw_data_hex: utils.transaction.txPbToRawDataHex(pb),
    };
    return utils.crypto.signTransaction(from.privateKey, unsigned as never);
  };

  it('triggersmartcontract answers the unsigned transaction TronWeb expects, fee_limit echoed, TronWeb default 150 TRX', async () => {
    const contract = await tronWebOf(client, sender).contract().at(DEVNET_USDT_CONTRACT);
    // TronWeb's own check (txCheckWithArgs) has passed when triggerSmartContract resolves.
    const { transaction } = await client.tronWeb.transactionBuilder.triggerSmartContract(
      DEVNET_USDT_CONTRACT,
      'transfer(address,uint256)',
      {},
      [
        { type: 'address', value: newAccount().base58 },
        { type: 'uint256', value: 5 },
      ],
      sender.base58,
    );
    expect(transaction.raw_data).toMatchObject({ fee_limit: REFERENCE.tronWebDefaultFeeLimitSun });
    expect(transaction.raw_data.contract[0]?.parameter.value).toEqual({
      data: expect.stringMatching(new RegExp(`^${REFERENCE.transferSelector}`)),
      owner_address: sender.hex,
      contract_address: usdtContractHex(),
    });
    const head = await client.tronWeb.trx.getCurrentBlock();
    expect(transaction.raw_data.expiration).toBe(head.block_header.raw_data.timestamp + 60_000);
    expect(contract.address).toBe(usdtContractHex());
  });

  it('bills 345 bytes of bandwidth for a TronWeb-built transfer, as the reference measured', async () => {
    const signed = await signedUsdtTransfer(client, sender, newAccount().base58, 1);
    expect(billedBytes(signed)).toBe(REFERENCE.transferBandwidthBytes);
    const before = await client.tronWeb.trx.getAccountResources(sender.base58);
    await broadcast(client, signed);
    const after = await client.tronWeb.trx.getAccountResources(sender.base58);
    expect((after.freeNetUsed ?? 0) - (before.freeNetUsed ?? 0)).toBe(REFERENCE.transferBandwidthBytes);
  });

  it('does not check the token balance at broadcast: a transfer of USDT the sender lacks is accepted', async () => {
    const empty = await client.fundedAccount(50 * TRX);
    const signed = await signedUsdtTransfer(client, empty, newAccount().base58, 1 * USDT);
    expect(await broadcast(client, signed)).toEqual({ result: true, txid: signed.txID, transaction: signed });
  });

  it('refuses a fee_limit above getMaxFeeLimit with java-tron’s CONTRACT_VALIDATE_ERROR', async () => {
    const signed = await signedUsdtTransfer(
      client,
      sender,
      newAccount().base58,
      1,
      REFERENCE.maxFeeLimitSun + 1,
    );
    const reply = await broadcast(client, signed);
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(decodeMessage(reply)).toBe(
      `Contract validate error : feeLimit must be >= 0 and <= ${REFERENCE.maxFeeLimitSun}`,
    );
    // The largest allowed limit is accepted.
    const atMax = await signedUsdtTransfer(client, sender, newAccount().base58, 2, REFERENCE.maxFeeLimitSun);
    expect((await broadcast(client, atMax)).result).toBe(true);
  });

  it('refuses a negative fee_limit, which only a hand-made request can carry', async () => {
    const reply = await broadcast(client, await signedFromNode(sender, { fee_limit: -1 }));
    expect(decodeMessage(reply)).toBe(
      `Contract validate error : feeLimit must be >= 0 and <= ${REFERENCE.maxFeeLimitSun}`,
    );
  });

  it('refuses a call to an address holding no contract, at trigger and at broadcast', async () => {
    const elsewhere = newAccount();
    await expect(
      client.tronWeb.transactionBuilder.triggerSmartContract(
        elsewhere.base58,
        'transfer(address,uint256)',
        { feeLimit: 10 * TRX },
        [
          { type: 'address', value: newAccount().base58 },
          { type: 'uint256', value: 1 },
        ],
        sender.base58,
      ),
    ).rejects.toThrow('No contract or not a valid smart contract');
    // Built locally (txLocal), it reaches the broadcast checks.
    const tronWeb = tronWebOf(client, sender);
    const { transaction } = await tronWeb.transactionBuilder.triggerSmartContract(
      elsewhere.base58,
      'transfer(address,uint256)',
      { feeLimit: 10 * TRX, txLocal: true },
      [
        { type: 'address', value: newAccount().base58 },
        { type: 'uint256', value: 1 },
      ],
      sender.base58,
    );
    const reply = await broadcast(client, await tronWeb.trx.sign(transaction, sender.privateKey));
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(decodeMessage(reply)).toBe('Contract validate error : No contract or not a smart contract');
  });

  it('refuses a sender without a TRX account: USDT alone cannot pay for its own transfer', async () => {
    const usdtOnly = newAccount();
    await client.control.mintUsdt(usdtOnly.base58, 5 * USDT);
    const signed = await signedUsdtTransfer(client, usdtOnly, newAccount().base58, 1 * USDT);
    const reply = await broadcast(client, signed);
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(decodeMessage(reply)).toBe(
      `Contract validate error : account [${usdtOnly.base58}] does not exist`,
    );
  });

  it('refuses with BANDWITH_ERROR once free bandwidth is spent and the TRX cannot burn 345 bytes', async () => {
    const poor = await client.fundedAccount(200_000);
    await client.control.mintUsdt(poor.base58, 5 * USDT);
    // The first rides on free bandwidth (and runs out of energy in its block); the second must burn.
    expect(
      (await broadcast(client, await signedUsdtTransfer(client, poor, newAccount().base58, 1))).result,
    ).toBe(true);
    const reply = await broadcast(client, await signedUsdtTransfer(client, poor, newAccount().base58, 2));
    expect(reply.code).toBe('BANDWITH_ERROR');
  });

  it('keeps the signature, duplicate and TAPOS checks of every broadcast', async () => {
    const signed = await signedUsdtTransfer(client, sender, newAccount().base58, 3);
    expect((await broadcast(client, signed)).result).toBe(true);
    expect((await broadcast(client, signed)).code).toBe('DUP_TRANSACTION_ERROR');

    const tampered = await signedUsdtTransfer(client, sender, newAccount().base58, 4);
    const raised = { ...tampered, raw_data: { ...tampered.raw_data, fee_limit: 60_000_000 } };
    expect((await client.post('/wallet/broadcasttransaction', raised)).code).toBe('SIGERROR');

    const genuine = await signedFromNode(sender, {});
    const wrongTapos = signAfresh(sender, { ...genuine.raw_data, ref_block_hash: '00'.repeat(8) });
    expect((await client.post('/wallet/broadcasttransaction', wrongTapos)).code).toBe('TAPOS_ERROR');
  });

  it('lets a USDT call through the fail-in-block fault unchanged: it lands as its own result, the fault spent', async () => {
    await client.control.injectFaults('fail-in-block', 1);
    const signed = await signedUsdtTransfer(client, sender, newAccount().base58, 1);
    expect((await broadcast(client, signed)).result).toBe(true);
    await client.produceBlocks(1);
    const retOf = async (txId: string) =>
      (await client.post('/wallet/gettransactionbyid', { value: txId })).ret;
    expect(await retOf(signed.txID)).toEqual([{ contractRet: 'SUCCESS' }]);
    // The next TRX transfer is not failed: the USDT call used the armed fault up.
    const { signed: trx } = await client.transfer(sender, newAccount().base58, 1 * TRX);
    await client.produceBlocks(1);
    expect(await retOf(trx.txID)).toEqual([{ contractRet: 'SUCCESS' }]);
  });

  it('answers OTHER_ERROR, its text in hex, for a trigger without an owner', async () => {
    const reply = await client.post('/wallet/triggersmartcontract', {
      contract_address: usdtContractHex(),
      function_selector: 'transfer(address,uint256)',
    });
    expect(reply.result).toMatchObject({ code: 'OTHER_ERROR' });
    expect(textOf((reply.result as Json).message)).toBe(
      "class java.security.InvalidParameterException : owner_address isn't set.",
    );
  });
});
