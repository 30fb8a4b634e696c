import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billedBytes } from './support/bandwidth-bytes.js';
import { DevnetClient, decodeMessage, newAccount, SOLID_DEPTH, TRX } from './support/devnet-client.js';

/** Mainnet fee parameters the devnet defaults to. */
const FREE_BANDWIDTH_BYTES = 600;
const BURN_SUN_PER_BYTE = 1000;
const CREATE_ACCOUNT_BANDWIDTH_FEE = 100_000;
const CREATE_ACCOUNT_FEE = 1_000_000;

describe('fees: bandwidth and account activation', () => {
  let client: DevnetClient;

  beforeAll(async () => {
    client = await DevnetClient.start();
  });
  afterAll(() => client.stop());

  it('charges the sender exactly amount + 1.1 TRX for a transfer that activates a new account', async () => {
    const sender = await client.fundedAccount(10 * TRX);
    const newcomer = newAccount();
    const { signed, reply } = await client.transfer(sender, newcomer.base58, 2 * TRX);
    expect(reply.result).toBe(true);
    await client.produceBlocks(SOLID_DEPTH + 1);

    expect(await client.solidBalance(sender.base58)).toBe(10 * TRX - 2 * TRX - 1_100_000);
    expect(await client.solidBalance(newcomer.base58)).toBe(2 * TRX);
    const info = await client.tronWeb.trx.getTransactionInfo(signed.txID);
    expect(info.fee).toBe(CREATE_ACCOUNT_BANDWIDTH_FEE + CREATE_ACCOUNT_FEE);
    expect(info.receipt).toEqual({ net_fee: CREATE_ACCOUNT_BANDWIDTH_FEE });
    const account = await client.tronWeb.trx.getAccount(newcomer.base58);
    // Executed on top of the parent block: java-tron's "now" is the head block time.
    const parent = await client.tronWeb.trx.getBlock(info.blockNumber - 1);
    expect(account.create_time).toBe(parent.block_header.raw_data.timestamp);
  });

  it('uses the 600 free bytes first, then burns 1,000 SUN per byte of the whole transaction', async () => {
    const sender = await client.fundedAccount(50 * TRX);
    const recipient = await client.fundedAccount(1 * TRX);
    // Same head block for all three: no bandwidth recovers between them.
    const transfers = [];
    for (const amount of [1, 2, 3]) transfers.push(await client.transfer(sender, recipient.base58, amount));
    for (const { reply } of transfers) expect(reply.result).toBe(true);
    const bytes = transfers.map(({ signed }) => billedBytes(signed));
    expect((bytes[0] ?? 0) + (bytes[1] ?? 0)).toBeLessThanOrEqual(FREE_BANDWIDTH_BYTES);
    expect((bytes[0] ?? 0) + (bytes[1] ?? 0) + (bytes[2] ?? 0)).toBeGreaterThan(FREE_BANDWIDTH_BYTES);

    await client.produceBlocks(SOLID_DEPTH + 1);
    const burned = (bytes[2] ?? 0) * BURN_SUN_PER_BYTE;
    expect(await client.solidBalance(sender.base58)).toBe(50 * TRX - 6 - burned);
    expect(await client.solidBalance(recipient.base58)).toBe(1 * TRX + 6);

    const infos = await Promise.all(
      transfers.map(({ signed }) => client.tronWeb.trx.getTransactionInfo(signed.txID)),
    );
    expect(infos[0]?.receipt).toEqual({ net_usage: bytes[0] });
    expect(infos[0]?.fee).toBeUndefined();
    expect(infos[1]?.receipt).toEqual({ net_usage: bytes[1] });
    expect(infos[2]?.receipt).toEqual({ net_fee: burned });
    expect(infos[2]?.fee).toBe(burned);
  });

  it('reports the free bandwidth in use through getaccountresource', async () => {
    const sender = await client.fundedAccount(5 * TRX);
    const recipient = await client.fundedAccount(1 * TRX);
    const before = await client.tronWeb.trx.getAccountResources(sender.base58);
    expect(before).toMatchObject({ freeNetLimit: FREE_BANDWIDTH_BYTES });
    expect(before.freeNetUsed).toBeUndefined();
    const { signed } = await client.transfer(sender, recipient.base58, 5);
    const after = await client.tronWeb.trx.getAccountResources(sender.base58);
    expect(after).toMatchObject({ freeNetLimit: FREE_BANDWIDTH_BYTES, freeNetUsed: billedBytes(signed) });
  });

  it('refuses with BANDWITH_ERROR when the balance cannot pay the burn once free bandwidth is gone', async () => {
    const sender = await client.fundedAccount(200_000);
    const recipient = await client.fundedAccount(1 * TRX);
    await client.transfer(sender, recipient.base58, 1);
    await client.transfer(sender, recipient.base58, 2);
    const { signed, reply } = await client.transfer(sender, recipient.base58, 3);
    expect(billedBytes(signed) * BURN_SUN_PER_BYTE).toBeGreaterThan(200_000 - 3);
    expect(reply.code).toBe('BANDWITH_ERROR');
    expect(decodeMessage(reply)).toBe('Account resource insufficient error.');
  });

  it('applies configured fees instead of the mainnet ones', async () => {
    const cheap = await DevnetClient.start({
      createAccountFeeSun: 5,
      createNewAccountBandwidthFeeSun: 7,
      freeBandwidthBytes: 0,
      burnSunPerByte: 2,
    });
    try {
      const sender = await cheap.fundedAccount(1 * TRX);
      const existing = await cheap.fundedAccount(1 * TRX);
      const newcomer = newAccount();
      const toExisting = await cheap.transfer(sender, existing.base58, 10);
      await cheap.transfer(sender, newcomer.base58, 20);
      expect(await cheap.headBalance(sender.base58)).toBe(
        1 * TRX - 10 - 2 * billedBytes(toExisting.signed) - 20 - 5 - 7,
      );
    } finally {
      await cheap.stop();
    }
  });
});
