import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDevnet } from '../src/index.js';
import { DevnetClient, newAccount, SOLID_DEPTH, TRX } from './support/devnet-client.js';
import { headUsdtBalance, sendUsdt, solidUsdtBalance, USDT } from './support/usdt.js';

describe('a file-backed devnet', () => {
  let directory: string;
  let statePath: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'tron-devnet-'));
    statePath = join(directory, 'chain.json');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps balances, transactions, block height and the genesis account across a restart', async () => {
    const first = await DevnetClient.start({ statePath });
    const sender = await first.fundedAccount(10 * TRX);
    const recipient = await first.fundedAccount(1 * TRX);
    const { signed } = await first.transfer(sender, recipient.base58, 4 * TRX);
    await first.produceBlocks(SOLID_DEPTH + 1);
    const head = await first.tronWeb.trx.getCurrentBlock();
    const info = await first.tronWeb.trx.getTransactionInfo(signed.txID);
    const genesisAddress = first.devnet.genesisAddress;
    await first.stop();
    expect(existsSync(statePath)).toBe(true);

    const second = await DevnetClient.start({ statePath });
    try {
      expect(second.devnet.genesisAddress).toBe(genesisAddress);
      expect(await second.tronWeb.trx.getCurrentBlock()).toEqual(head);
      expect(await second.solidBalance(sender.base58)).toBe(6 * TRX);
      expect(await second.solidBalance(recipient.base58)).toBe(5 * TRX);
      expect(await second.tronWeb.trx.getTransactionInfo(signed.txID)).toEqual(info);
      expect((await second.tronWeb.trx.getTransaction(signed.txID)).raw_data).toEqual(signed.raw_data);

      // The chain goes on from where it stopped, and TAPOS still knows the old head.
      const { reply } = await second.transfer(recipient, sender.base58, 1 * TRX);
      expect(reply.result).toBe(true);
      expect(await second.produceBlocks(1)).toBe(head.block_header.raw_data.number + 1);
    } finally {
      await second.stop();
    }
  });

  it('keeps a transaction accepted but not yet in a block, and includes it after the restart', async () => {
    const first = await DevnetClient.start({ statePath });
    const sender = await first.fundedAccount(3 * TRX);
    const recipient = await first.fundedAccount(1 * TRX);
    const { signed } = await first.transfer(sender, recipient.base58, 1 * TRX);
    await first.stop();

    const second = await DevnetClient.start({ statePath });
    try {
      expect(await second.headBalance(recipient.base58)).toBe(2 * TRX);
      const includedIn = await second.produceBlocks(1);
      expect((await second.tronWeb.trx.getUnconfirmedTransactionInfo(signed.txID)).blockNumber).toBe(
        includedIn,
      );
    } finally {
      await second.stop();
    }
  });

  it('keeps a transfer that failed in its block failed, and one still pending due to fail', async () => {
    const first = await DevnetClient.start({ statePath });
    const sender = await first.fundedAccount(10 * TRX);
    const recipient = await first.fundedAccount(1 * TRX);
    await first.control.injectFaults('fail-in-block', 2);
    const included = (await first.transfer(sender, recipient.base58, 2 * TRX)).signed;
    await first.produceBlocks(SOLID_DEPTH + 1);
    const info = await first.tronWeb.trx.getTransactionInfo(included.txID);
    expect(info).toMatchObject({ result: 'FAILED' });
    const pending = (await first.transfer(sender, recipient.base58, 3 * TRX)).signed;
    await first.stop();

    const second = await DevnetClient.start({ statePath });
    try {
      expect(await second.tronWeb.trx.getTransactionInfo(included.txID)).toEqual(info);
      expect((await second.tronWeb.trx.getTransaction(included.txID)).ret).toEqual([
        { contractRet: 'TRANSFER_FAILED' },
      ]);
      // Re-pushed after the restart, the pending one still fails when a block includes it.
      await second.produceBlocks(SOLID_DEPTH + 1);
      expect(await second.tronWeb.trx.getTransactionInfo(pending.txID)).toMatchObject({ result: 'FAILED' });
      expect(await second.solidBalance(recipient.base58)).toBe(1 * TRX);
      expect(await second.solidBalance(sender.base58)).toBe(10 * TRX);
      // The fault itself is not persisted: nothing is armed after the restart.
      const { signed } = await second.transfer(sender, recipient.base58, 1 * TRX);
      await second.produceBlocks(SOLID_DEPTH + 1);
      expect((await second.tronWeb.trx.getTransaction(signed.txID)).ret).toEqual([
        { contractRet: 'SUCCESS' },
      ]);
    } finally {
      await second.stop();
    }
  });

  it('keeps USDT balances, the supply and USDT transfers across a restart, and re-executes a pending one', async () => {
    const first = await DevnetClient.start({ statePath });
    const sender = await first.fundedAccount(100 * TRX);
    const recipient = newAccount();
    await first.control.mintUsdt(sender.base58, 10 * USDT);
    const included = await sendUsdt(first, sender, recipient.base58, 4 * USDT);
    await first.produceBlocks(SOLID_DEPTH + 1);
    const info = await first.tronWeb.trx.getTransactionInfo(included);
    const pending = await sendUsdt(first, sender, recipient.base58, 1 * USDT);
    await first.stop();

    const second = await DevnetClient.start({ statePath });
    try {
      expect(await solidUsdtBalance(second, recipient.base58)).toBe(BigInt(4 * USDT));
      expect(await solidUsdtBalance(second, sender.base58)).toBe(BigInt(6 * USDT));
      expect(await second.tronWeb.trx.getTransactionInfo(included)).toEqual(info);
      // The pending transfer was re-pushed: the head state already counts it.
      expect(await headUsdtBalance(second, recipient.base58)).toBe(BigInt(5 * USDT));
      const block = await second.produceBlocks(1);
      expect(await second.post('/wallet/gettransactioninfobyid', { value: pending })).toMatchObject({
        blockNumber: block,
        receipt: { result: 'SUCCESS' },
      });
      const supply = await second.control.mintUsdt(newAccount().base58, 1);
      expect(supply.totalSupply).toBe(String(10 * USDT + 1));
    } finally {
      await second.stop();
    }
  });

  it('loads a state file written before the USDT contract existed: TRX as it was, no USDT held', async () => {
    const first = await DevnetClient.start({ statePath });
    const account = await first.fundedAccount(7 * TRX);
    // Held in the file's USDT fields only, so dropping them must leave the account with none.
    await first.control.mintUsdt(account.base58, 3 * USDT);
    await first.stop();
    const { confirmedUsdt, solidUsdt, ...older } = JSON.parse(readFileSync(statePath, 'utf8')) as Record<
      string,
      unknown
    >;
    expect(confirmedUsdt).toBeDefined();
    expect(solidUsdt).toBeDefined();
    writeFileSync(statePath, JSON.stringify(older));

    const second = await DevnetClient.start({ statePath });
    try {
      expect(await second.solidBalance(account.base58)).toBe(7 * TRX);
      expect(await headUsdtBalance(second, account.base58)).toBe(0n);
      await second.control.mintUsdt(account.base58, 2 * USDT);
      expect(await solidUsdtBalance(second, account.base58)).toBe(BigInt(2 * USDT));
    } finally {
      await second.stop();
    }
  });

  it('writes through a temporary file and leaves only the state file behind', async () => {
    const devnet = await startDevnet({ statePath, blockIntervalMs: 0 });
    await fetch(`${devnet.url}/devnet/blocks`, { method: 'POST', body: JSON.stringify({ count: 3 }) });
    await devnet.stop();
    expect(readdirSync(directory)).toEqual(['chain.json']);
  });

  it('refuses to start on a file that is not a devnet state instead of starting a new chain over it', async () => {
    writeFileSync(statePath, JSON.stringify({ something: 'else' }));
    await expect(startDevnet({ statePath, blockIntervalMs: 0 })).rejects.toThrow(
      'is not a trx-shop-devnet/1 state file',
    );
  });
});
