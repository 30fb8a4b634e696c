import type { ChainPort } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTronChain } from '../src/index.js';
import { type DevnetControl, fundedWallet, startControlledDevnet } from './devnet-control.js';

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

const walletPair = async (senderFundingSun: number) => ({
  sender: await fundedWallet(chain, control, senderFundingSun),
  recipient: await fundedWallet(chain, control, 1 * TRX),
});

describe('broadcasts the node refuses', () => {
  it('answers rejected CONTRACT_VALIDATE_ERROR with the decoded reason when the balance is too low', async () => {
    const { sender, recipient } = await walletPair(1 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 5 * TRX },
      sender.privateKey,
    );
    const outcome = await chain.broadcast(signed.signedTransaction);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      code: 'CONTRACT_VALIDATE_ERROR',
      failure: 'INSUFFICIENT_BALANCE',
    });
    expect(outcome.kind === 'rejected' && outcome.reason).toMatch(/balance is not sufficient/);
  });

  it('answers rejected CONTRACT_VALIDATE_ERROR when the sender account was never funded', async () => {
    const sender = await chain.createWallet();
    const recipient = await fundedWallet(chain, control, 1 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
      sender.privateKey,
    );
    const outcome = await chain.broadcast(signed.signedTransaction);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      code: 'CONTRACT_VALIDATE_ERROR',
      failure: 'BROADCAST_REJECTED',
    });
    expect(outcome.kind === 'rejected' && outcome.reason).toMatch(/does not exist|no OwnerAccount/);
  });

  it('answers rejected SIGERROR when the signed amount was tampered with, and moves no money', async () => {
    const { sender, recipient } = await walletPair(10 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
      sender.privateKey,
    );
    const transaction = JSON.parse(signed.signedTransaction) as {
      raw_data: { contract: Array<{ parameter: { value: { amount: number } } }> };
    };
    const value = transaction.raw_data.contract[0]?.parameter.value;
    if (value === undefined) throw new Error('signed transfer has no contract');
    value.amount = 9 * TRX;

    const outcome = await chain.broadcast(JSON.stringify(transaction));
    expect(outcome).toMatchObject({ kind: 'rejected', code: 'SIGERROR', failure: 'BROADCAST_REJECTED' });
    expect(outcome.kind === 'rejected' && outcome.reason).toMatch(/signature/i);
    // The untouched transaction still goes through: the marker that the tampered one would have shown up by now.
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();
    expect(await chain.getConfirmedBalance(recipient.address)).toBe(1 * TRX + 1 * TRX);
  });

  it('answers rejected TRANSACTION_EXPIRATION_ERROR once chain time passed the expiration', async () => {
    const { sender, recipient } = await walletPair(10 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
      sender.privateKey,
    );
    await control.advanceTime(120_000);
    await control.produceBlocks(1);
    expect((await control.state()).headTime).toBeGreaterThan(signed.expiresAt.getTime());
    const outcome = await chain.broadcast(signed.signedTransaction);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      code: 'TRANSACTION_EXPIRATION_ERROR',
      failure: 'EXPIRED',
    });
    expect(outcome.kind === 'rejected' && outcome.reason).toMatch(/expired/i);
  });

  it('counts a repeated broadcast (DUP_TRANSACTION_ERROR) as accepted and transfers the amount once', async () => {
    const { sender, recipient } = await walletPair(10 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 2 * TRX },
      sender.privateKey,
    );
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();
    expect(await chain.getConfirmedBalance(recipient.address)).toBe(1 * TRX + 2 * TRX);
    const listed = (await control.transactionsOf(recipient.address)).filter((tx) => tx.txId === signed.txId);
    expect(listed).toHaveLength(1);
  });
});

describe('injected node faults', () => {
  it('answers rejected with the node code when the node refuses, and the same transaction goes through after', async () => {
    const { sender, recipient } = await walletPair(10 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
      sender.privateKey,
    );
    await control.injectFaults('reject', 1);
    expect(await chain.broadcast(signed.signedTransaction)).toMatchObject({
      kind: 'rejected',
      code: 'OTHER_ERROR',
      failure: 'BROADCAST_REJECTED',
    });
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();
    expect(await chain.lookupTransfer(signed.txId)).toMatchObject({ kind: 'confirmed', succeeded: true });
  });

  it('answers unknown when the broadcast times out, and the transaction can be sent again', async () => {
    const impatientChain = createTronChain({ fullHost: control.devnet.url, timeoutMs: 500 });
    const { sender, recipient } = await walletPair(10 * TRX);
    const signed = await impatientChain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
      sender.privateKey,
    );
    await control.injectFaults('timeout', 1);
    expect(await impatientChain.broadcast(signed.signedTransaction)).toMatchObject({ kind: 'unknown' });
    expect(await impatientChain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();
    expect(await chain.lookupTransfer(signed.txId)).toMatchObject({ kind: 'confirmed' });
  });

  it('reports a transaction the node accepted but dropped as not-found after the solid depth', async () => {
    const { sender, recipient } = await walletPair(10 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
      sender.privateKey,
    );
    const marker = await chain.signTransfer(
      { fromAddress: recipient.address, toAddress: sender.address, amountSun: 1 },
      recipient.privateKey,
    );
    await control.injectFaults('drop', 1);
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    // A transfer sent after the dropped one is the marker: once it is confirmed, the dropped one would be too.
    expect(await chain.broadcast(marker.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();
    expect(await chain.lookupTransfer(marker.txId)).toMatchObject({ kind: 'confirmed' });
    expect(await chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });
  });
});
