import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevnetClient, decodeMessage, newAccount, type TestAccount, TRX } from './support/devnet-client.js';

interface TransferLike {
  raw_data: { contract: { parameter: { value: { amount: number; to_address: string } } }[] };
}

const transferValue = (transaction: TransferLike) => {
  const contract = transaction.raw_data.contract[0];
  if (contract === undefined) throw new Error('the transaction has no contract');
  return contract.parameter.value;
};

describe('broadcasttransaction refusals, with java-tron codes and hex messages', () => {
  let client: DevnetClient;
  let sender: TestAccount;
  let recipient: TestAccount;

  beforeAll(async () => {
    client = await DevnetClient.start();
    sender = await client.fundedAccount(5 * TRX);
    recipient = await client.fundedAccount(1 * TRX);
  });
  afterAll(() => client.stop());

  it('refuses a transfer above the balance with CONTRACT_VALIDATE_ERROR and leaves both balances alone', async () => {
    const { signed, reply } = await client.transfer(sender, recipient.base58, 6 * TRX);
    expect(reply.result).toBeUndefined();
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(reply.txid).toBe(signed.txID);
    expect(decodeMessage(reply)).toBe(
      'Contract validate error : Validate TransferContract error, balance is not sufficient.',
    );
    expect(await client.headBalance(sender.base58)).toBe(5 * TRX);
    expect(await client.headBalance(recipient.base58)).toBe(1 * TRX);
  });

  it('refuses a sender that was never funded: its account does not exist', async () => {
    const stranger = newAccount();
    const { reply } = await client.transfer(stranger, recipient.base58, 1);
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(decodeMessage(reply)).toBe(
      `Contract validate error : account [${stranger.base58}] does not exist`,
    );
  });

  it('answers SIGERROR when the amount is changed after signing (the txID is recomputed from raw_data)', async () => {
    const signed = await client.signedTransfer(sender, recipient.base58, 1 * TRX);
    transferValue(signed).amount = 2 * TRX;
    const reply = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<string, unknown>;
    expect(reply.code).toBe('SIGERROR');
    expect(reply.txid).not.toBe(signed.txID);
    const message = decodeMessage(reply);
    expect(
      message.startsWith(`Validate signature error: ${signed.signature?.[0]?.toLowerCase()} is signed by T`),
    ).toBe(true);
    expect(message.endsWith(' but it is not contained of permission.')).toBe(true);
    expect(message).not.toContain(sender.base58);
    expect(await client.headBalance(recipient.base58)).toBe(1 * TRX);
  });

  it('answers TRANSACTION_EXPIRATION_ERROR once chain time has passed the expiration', async () => {
    const signed = await client.signedTransfer(sender, recipient.base58, 1 * TRX);
    const headTime = (await client.post('/devnet/state')).headTime as number;
    expect(signed.raw_data.expiration).toBe(headTime + 60_000);
    await client.post('/devnet/time', { advanceMs: 61_000 });
    await client.produceBlocks(1);
    const reply = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<string, unknown>;
    expect(reply.code).toBe('TRANSACTION_EXPIRATION_ERROR');
    expect(decodeMessage(reply)).toBe('Transaction expired');
  });

  it('answers TAPOS_ERROR for a reference block the chain does not have', async () => {
    const head = (await client.tronWeb.trx.getCurrentBlock()).block_header.raw_data;
    const unsigned = await client.tronWeb.transactionBuilder.sendTrx(
      recipient.base58,
      1 * TRX,
      sender.base58,
      {
        blockHeader: {
          ref_block_bytes: 'ffff',
          ref_block_hash: '0123456789abcdef',
          expiration: head.timestamp + 60_000,
          timestamp: head.timestamp,
        },
      },
    );
    const signed = await client.tronWeb.trx.sign(unsigned, sender.privateKey);
    const reply = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<string, unknown>;
    expect(reply.code).toBe('TAPOS_ERROR');
    expect(decodeMessage(reply)).toBe('Tapos check error.');
  });

  it('answers DUP_TRANSACTION_ERROR to a second broadcast, pending or included, and charges once', async () => {
    const before = await client.headBalance(sender.base58);
    const signed = await client.signedTransfer(sender, recipient.base58, 7);
    const first = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<string, unknown>;
    const whilePending = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<
      string,
      unknown
    >;
    await client.produceBlocks(1);
    const afterInclusion = (await client.tronWeb.trx.sendRawTransaction(signed)) as unknown as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({ result: true, txid: signed.txID });
    for (const reply of [whilePending, afterInclusion]) {
      expect(reply.code).toBe('DUP_TRANSACTION_ERROR');
      expect(decodeMessage(reply)).toBe('Dup transaction.');
    }
    expect(await client.headBalance(sender.base58)).toBe(before - 7);
  });

  it('refuses a transfer to oneself as TransferContract validation does', async () => {
    const unsigned = await client.tronWeb.transactionBuilder.sendTrx(recipient.base58, 1, sender.base58);
    // TronWeb refuses to build this itself, so the recipient is swapped after building.
    transferValue(unsigned).to_address = sender.hex;
    unsigned.raw_data_hex = '';
    const pb = client.tronWeb.utils.transaction.txJsonToPb(unsigned);
    const txID = client.tronWeb.utils.transaction.txPbToTxID(pb).replace(/^0x/, '');
    const toSelf = await client.tronWeb.trx.sign(
      {
        ...unsigned,
        txID,
        raw_data_hex: client.tronWeb.utils.transaction.txPbToRawDataHex(pb).toLowerCase(),
      },
      sender.privateKey,
    );
    const reply = (await client.tronWeb.trx.sendRawTransaction(toSelf)) as unknown as Record<string, unknown>;
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(decodeMessage(reply)).toBe('Contract validate error : Cannot transfer TRX to yourself.');
  });

  it('accepts a signature whose v is a recovery id (0/1), as wallet-cli writes it', async () => {
    const signed = await client.signedTransfer(sender, recipient.base58, 9);
    const signature = signed.signature?.[0] ?? '';
    const recoveryId = Number.parseInt(signature.slice(128, 130), 16) - 27;
    const walletCliStyle = {
      ...signed,
      signature: [signature.slice(0, 128) + recoveryId.toString(16).padStart(2, '0')],
    };
    expect(recoveryId === 0 || recoveryId === 1).toBe(true);
    expect(await client.post('/wallet/broadcasttransaction', walletCliStyle)).toEqual({
      result: true,
      txid: signed.txID,
    });
  });

  it('accepts the header bytes 31-34, which java-tron reads as the same signer with a compressed key', async () => {
    const signed = await client.signedTransfer(sender, recipient.base58, 11);
    const signature = signed.signature?.[0] ?? '';
    const header = Number.parseInt(signature.slice(128, 130), 16);
    expect(header === 27 || header === 28).toBe(true);
    const compressedStyle = {
      ...signed,
      signature: [signature.slice(0, 128) + (header + 4).toString(16)],
    };
    expect(await client.post('/wallet/broadcasttransaction', compressedStyle)).toEqual({
      result: true,
      txid: signed.txID,
    });
  });

  it.each([
    ['a header byte above 34', (signature: string) => `${signature.slice(0, 128)}23`],
    ['r of zero', (signature: string) => `${'0'.repeat(64)}${signature.slice(64)}`],
    ['s of zero', (signature: string) => `${signature.slice(0, 64)}${'0'.repeat(64)}${signature.slice(128)}`],
    ['r that is no point on the curve', (signature: string) => `${'f'.repeat(64)}${signature.slice(64)}`],
  ])('answers SIGERROR for a signature with %s and moves nothing', async (_, corrupt) => {
    const before = await client.headBalance(recipient.base58);
    const signed = await client.signedTransfer(sender, recipient.base58, 13);
    const corrupted = { ...signed, signature: [corrupt(signed.signature?.[0] ?? '')] };
    const reply = await client.post('/wallet/broadcasttransaction', corrupted);
    expect(reply.code).toBe('SIGERROR');
    expect(decodeMessage(reply).startsWith('Validate signature error: ')).toBe(true);
    await client.produceBlocks(1);
    expect(await client.headBalance(recipient.base58)).toBe(before);
  });

  it('answers {"Error": ...} with HTTP 200 for a body that is not a transaction', async () => {
    const response = await fetch(`${client.devnet.url}/wallet/broadcasttransaction`, {
      method: 'POST',
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Error: 'class java.lang.NullPointerException : null' });
  });
});
