import type { ChainPort } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTronChain } from '../src/index.js';
import { type DevnetControl, fundedWallet, SOLID_DEPTH, startControlledDevnet } from './devnet-control.js';

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

describe('identical transfers signed on one head block', () => {
  it('get distinct txIDs and both move money (the second is not swallowed as a duplicate)', async () => {
    const sender = await fundedWallet(chain, control, 50 * TRX);
    const recipient = await chain.createWallet();
    const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 2 * TRX };
    // No block is produced between the two: both reference the same head.
    const first = await chain.signTransfer(request, sender.privateKey);
    const second = await chain.signTransfer(request, sender.privateKey);
    expect(second.txId).not.toBe(first.txId);
    expect(await chain.broadcast(first.signedTransaction)).toEqual({ kind: 'accepted' });
    expect(await chain.broadcast(second.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.produceBlocks(SOLID_DEPTH + 1);
    expect(await chain.getConfirmedBalance(recipient.address)).toBe(4 * TRX);
    expect((await chain.lookupTransfer(first.txId)).kind).toBe('confirmed');
    expect((await chain.lookupTransfer(second.txId)).kind).toBe('confirmed');
  });
});
