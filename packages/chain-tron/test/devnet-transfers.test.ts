import type { ChainPort } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTronChain } from '../src/index.js';
import { expectDomainError } from './expect-domain-error.js';
import {
  bandwidthBytesOf,
  type DevnetControl,
  fundedWallet,
  SOLID_DEPTH,
  startControlledDevnet,
} from './devnet-control.js';

const TRX = 1_000_000;
let control: DevnetControl;
let chain: ChainPort;

beforeAll(async () => {
  control = await startControlledDevnet();
  chain = createTronChain({ fullHost: control.devnet.url, timeoutMs: 5_000 });
});
afterAll(async () => {
  await control?.devnet.stop();
});

describe('balances on the devnet', () => {
  it('shows a funding at the head after one block and as confirmed only once the block is solid', async () => {
    const wallet = await chain.createWallet();
    expect(await chain.getConfirmedBalance(wallet.address)).toBe(0);
    expect(await chain.getUnconfirmedBalance(wallet.address)).toBe(0);
    await control.fund(wallet.address, 25 * TRX);
    await control.produceBlocks(1);
    expect(await chain.getUnconfirmedBalance(wallet.address)).toBe(25 * TRX);
    await control.produceBlocks(SOLID_DEPTH - 1);
    expect(await chain.getConfirmedBalance(wallet.address)).toBe(0);
    await control.produceBlocks(1);
    expect(await chain.getConfirmedBalance(wallet.address)).toBe(25 * TRX);
  });
});

describe('signed transfers on the devnet', () => {
  it('signs without sending, then the broadcast transfer is found only after the solid depth', async () => {
    const sender = await fundedWallet(chain, control, 10 * TRX);
    const recipient = await fundedWallet(chain, control, 1 * TRX);
    const { headTime } = await control.state();
    const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 2_500_000 };

    const signed = await chain.signTransfer(request, sender.privateKey);
    const transaction = JSON.parse(signed.signedTransaction) as {
      txID: string;
      raw_data: { expiration: number; contract: Array<{ parameter: { value: { amount: number } } }> };
    };
    expect(signed.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(transaction.txID).toBe(signed.txId);
    expect(transaction.raw_data.contract[0]?.parameter.value.amount).toBe(2_500_000);
    // TronWeb sets expiration to the head block's time plus 60 s.
    expect(signed.expiresAt.getTime()).toBe(headTime + 60_000);
    expect(signed.expiresAt.getTime()).toBe(transaction.raw_data.expiration);

    await control.produceBlocks(1);
    expect(await chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });
    expect((await control.transactionsOf(sender.address)).map((tx) => tx.txId)).not.toContain(signed.txId);

    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.produceBlocks(1);
    const included = (await control.transactionsOf(sender.address)).find((tx) => tx.txId === signed.txId);
    expect(included?.blockNumber).toEqual(expect.any(Number));
    expect(await chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });

    await control.produceBlocks(SOLID_DEPTH);
    expect(await chain.lookupTransfer(signed.txId)).toEqual({
      kind: 'confirmed',
      blockNumber: included?.blockNumber,
      feeSun: 0,
      succeeded: true,
    });
    expect(await chain.getConfirmedBalance(recipient.address)).toBe(1 * TRX + 2_500_000);
    expect(await chain.getConfirmedBalance(sender.address)).toBe(10 * TRX - 2_500_000);
  });

  it('throws INTERNAL_ERROR without quoting either key when the key does not belong to the sender', async () => {
    const sender = await chain.createWallet();
    const stranger = await chain.createWallet();
    const recipient = await chain.createWallet();
    const failure = await expectDomainError(
      chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 },
        stranger.privateKey,
      ),
      'INTERNAL_ERROR',
    );
    expect(failure.message.toLowerCase()).not.toContain(stranger.privateKey.toLowerCase());
    expect(failure.message.toLowerCase()).not.toContain(sender.privateKey.toLowerCase());
  });

  it('reads the solidified head time as the chain clock, behind the head and moved by chain time', async () => {
    const before = await chain.solidifiedHeadTime();
    await control.advanceTime(3_600_000);
    await control.produceBlocks(SOLID_DEPTH + 1);
    const after = await chain.solidifiedHeadTime();
    const { headTime } = await control.state();
    expect(after.getTime()).toBeGreaterThanOrEqual(before.getTime() + 3_600_000);
    expect(after.getTime()).toBeLessThan(headTime);
    expect(await chain.reachableSolidHead()).toBe(await chain.solidBlockNumber());
  });
});

describe('fee estimates against what the devnet charges', () => {
  it('estimates exactly 1.1 TRX for a transfer that activates a new recipient, and the devnet burns that', async () => {
    const sender = await fundedWallet(chain, control, 10 * TRX);
    const recipient = await chain.createWallet();
    const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX };

    expect(await chain.estimateTransferFee(request)).toEqual({ feeSun: 1_100_000, createsAccount: true });
    const signed = await chain.signTransfer(request, sender.privateKey);
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();

    const lookup = await chain.lookupTransfer(signed.txId);
    expect(lookup).toMatchObject({ kind: 'confirmed', feeSun: 1_100_000, succeeded: true });
    expect(await chain.getConfirmedBalance(sender.address)).toBe(10 * TRX - 1 * TRX - 1_100_000);
    expect(await chain.getConfirmedBalance(recipient.address)).toBe(1 * TRX);
    expect(await chain.estimateTransferFee(request)).toEqual({ feeSun: 0, createsAccount: false });
  });

  it('estimates nothing while free bandwidth covers a transfer and bytes × 1000 SUN once it does not', async () => {
    const startingBalance = 20 * TRX;
    const sender = await fundedWallet(chain, control, startingBalance);
    const recipient = await fundedWallet(chain, control, 1 * TRX);
    const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX };

    let freeBytesLeft = 600;
    let expectedBalance = startingBalance;
    const charged: number[] = [];
    for (let transfer = 0; transfer < 3; transfer += 1) {
      const estimate = await chain.estimateTransferFee(request);
      const signed = await chain.signTransfer(request, sender.privateKey);
      const bytes = bandwidthBytesOf(signed);
      let expectedFee = bytes * 1_000;
      if (freeBytesLeft >= bytes) {
        freeBytesLeft -= bytes;
        expectedFee = 0;
      }
      expect(estimate).toEqual({ feeSun: expectedFee, createsAccount: false });
      expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await control.settle();
      expect(await chain.lookupTransfer(signed.txId)).toMatchObject({
        kind: 'confirmed',
        feeSun: expectedFee,
      });
      expectedBalance -= request.amountSun + expectedFee;
      expect(await chain.getConfirmedBalance(sender.address)).toBe(expectedBalance);
      charged.push(expectedFee);
    }
    // Two ~268-byte transfers fit in 600 free bytes; the third must burn.
    expect(charged.slice(0, 2)).toEqual([0, 0]);
    expect(charged[2]).toBeGreaterThan(0);
  });
});
