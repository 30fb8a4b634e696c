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

/*
 * A transfer included in a block whose contract failed (the devnet's `fail-in-block` fault writes
 * java-tron's `ret[0].contractRet: TRANSFER_FAILED` and info `result: FAILED`): every read of the
 * adapter must report it as not succeeded, and no TRX reaches the recipient.
 */
describe('a transfer that failed on chain', () => {
  it('is solid, confirmed and found, each time with succeeded false, and the recipient got nothing', async () => {
    const sender = await fundedWallet(chain, control, 10 * TRX);
    const recipient = await fundedWallet(chain, control, 1 * TRX);
    const signed = await chain.signTransfer(
      { fromAddress: sender.address, toAddress: recipient.address, amountSun: 4 * TRX },
      sender.privateKey,
    );
    await control.injectFaults('fail-in-block', 1);
    expect(await chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await control.settle();

    const listed = (await control.transfersBetween(sender.address, recipient.address)).find(
      (transfer) => transfer.txId === signed.txId,
    );
    expect(listed).toMatchObject({ status: 'solidified', failed: true });
    const blockNumber = listed?.blockNumber;
    if (typeof blockNumber !== 'number') throw new Error('the failed transfer was not included');

    const block = await chain.solidBlock(blockNumber);
    expect(block?.transfers).toEqual([
      {
        txId: signed.txId,
        fromAddress: sender.address,
        toAddress: recipient.address,
        amountSun: 4 * TRX,
        succeeded: false,
      },
    ]);
    expect(await chain.lookupTransfer(signed.txId)).toEqual({
      kind: 'confirmed',
      blockNumber,
      feeSun: 0,
      succeeded: false,
    });
    const found = await chain.findTransaction(signed.txId);
    expect(found).toMatchObject({ kind: 'solid', blockNumber });
    expect(found.kind === 'solid' && found.transfer?.succeeded).toBe(false);
    expect(found.kind === 'solid' && found.transfer?.txId).toBe(signed.txId);
    expect(await chain.getConfirmedBalance(recipient.address)).toBe(1 * TRX);
    // Free bandwidth paid the bill, so the sender lost nothing either.
    expect(await chain.getConfirmedBalance(sender.address)).toBe(10 * TRX);
  });
});
