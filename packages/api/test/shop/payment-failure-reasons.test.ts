import { Writable } from 'node:stream';
import { runSettlement } from '@trx-shop/domain';
import type { DevnetControl } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  fundedShopperWithProduct,
  type Merchant,
  type PayingShop,
  paymentDepsOf,
  payRequest,
  placeOrder,
  type Shopper,
  startPayingShop,
} from './shop-fixtures.js';

/*
 * 502 PAYMENT_FAILED names why with a stable `reason` (docs/api.md, "Errors"): the node's own
 * words reach the log with the txID, never an answer, a transaction or a frame.
 */

/** TronWeb sets a transfer's expiration 60 s after the head block it references. */
const PAST_EXPIRATION_MS = 120_000;
const NODE_TEXT = /devnet fault|balance is not sufficient|Contract validate/i;

type LogLine = Record<string, unknown>;
const lines: LogLine[] = [];

let shop: PayingShop;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  shop = await startPayingShop({ logStream: sink });
  ({ h, devnet, merchant } = shop);
});
afterAll(() => shop.stop());

const scene = async (fundSun = 5_000_000) => {
  const { shopper, productId } = await fundedShopperWithProduct(h, devnet, merchant, { price: 1, fundSun });
  const order = await placeOrder(h, shopper, [{ productId, quantity: 1 }]);
  return { shopper, order };
};

const failedTransactionsOf = async (shopper: Shopper) => {
  const response = await h.app.inject({
    url: '/api/transactions?status=failed',
    headers: shopper.jar.header(),
  });
  return json(response).transactions as { transactionHash: string; failureReason: string | null }[];
};

const framesOf = async (shopper: Shopper) =>
  (await h.frames()).filter((frame) => frame.userId === shopper.userId).map((frame) => frame.event);

describe('a broadcast the node rejects', () => {
  it('answers 502 PAYMENT_FAILED reason BROADCAST_REJECTED; the node’s text is only in the log', async () => {
    const { shopper, order } = await scene();
    await devnet.injectFaults('reject', 1);

    const response = await payRequest(h, shopper, order._id);

    expect(expectError(response, 502, 'PAYMENT_FAILED')).toEqual({
      error: 'Transaction failed: the network rejected the transfer',
      code: 'PAYMENT_FAILED',
      reason: 'BROADCAST_REJECTED',
    });
    const hash = (await h.store.orders.findById(order._id))?.payment?.txId ?? '';
    expect(await h.store.transactions.findByHash(hash)).toMatchObject({
      status: 'failed',
      failureReason: 'BROADCAST_REJECTED',
    });
    const listed = await failedTransactionsOf(shopper);
    expect(listed).toEqual([
      expect.objectContaining({ transactionHash: hash, failureReason: 'BROADCAST_REJECTED' }),
    ]);
    const frames = await framesOf(shopper);
    expect(frames).toEqual([
      {
        event: 'transaction:failed',
        data: expect.objectContaining({ message: 'Transaction failed: the network rejected the transfer' }),
      },
    ]);
    expect(JSON.stringify([json(response), listed, frames])).not.toMatch(NODE_TEXT);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'the node rejected a transfer',
        txHash: hash,
        code: 'OTHER_ERROR',
        reason: 'Error: devnet fault: rejected',
        failure: 'BROADCAST_REJECTED',
      }),
    );
  });
});

describe('a wallet the node finds too poor', () => {
  it('answers 502 PAYMENT_FAILED reason INSUFFICIENT_BALANCE when a transfer outside the service drained it', async () => {
    const { shopper, order } = await scene();
    // The service judges the solidified balance; the node, everything it holds in flight.
    const stored = await h.store.users.findById(shopper.userId);
    const key = await h.vault.open(stored?.wallet.encryptedPrivateKey ?? '', shopper.userId);
    const drain = await h.chain.signTransfer(
      { fromAddress: shopper.address, toAddress: merchant.address, amountSun: 4_500_000 },
      key,
    );
    expect(await h.chain.broadcast(drain.signedTransaction)).toEqual({ kind: 'accepted' });

    const response = await payRequest(h, shopper, order._id);

    expect(expectError(response, 502, 'PAYMENT_FAILED')).toEqual({
      error: 'Transaction failed: the sending wallet cannot cover the amount and the network fee',
      code: 'PAYMENT_FAILED',
      reason: 'INSUFFICIENT_BALANCE',
    });
    expect((await h.store.orders.findById(order._id))?.status).toBe('failed');
    expect(response.body).not.toMatch(NODE_TEXT);
  });
});

describe('a withdrawal sent again with its Idempotency-Key after it failed', () => {
  const withdraw = (shopper: Shopper, key: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: { ...shopper.jar.header(), 'idempotency-key': key },
      payload: { toAddress: merchant.address, amount: 1 },
    });

  it('answers the stored reason: EXPIRED for a transfer that expired unsent', async () => {
    const { shopper } = await scene(10_000_000);
    await devnet.injectFaults('drop', 1);
    const first = await withdraw(shopper, 'expired-withdrawal');
    expect(first.statusCode, first.body).toBe(200);
    await devnet.advanceTime(PAST_EXPIRATION_MS);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    await runSettlement(paymentDepsOf(h));

    const again = await withdraw(shopper, 'expired-withdrawal');

    expect(expectError(again, 502, 'PAYMENT_FAILED')).toMatchObject({ reason: 'EXPIRED' });
    expect(await failedTransactionsOf(shopper)).toEqual([
      expect.objectContaining({ failureReason: 'EXPIRED' }),
    ]);
  });

  it('answers the stored reason: BROADCAST_REJECTED for a rejected one', async () => {
    const { shopper } = await scene(10_000_000);
    await devnet.injectFaults('reject', 1);
    expect(expectError(await withdraw(shopper, 'rejected-withdrawal'), 502, 'PAYMENT_FAILED')).toMatchObject({
      reason: 'BROADCAST_REJECTED',
    });

    const again = await withdraw(shopper, 'rejected-withdrawal');

    expect(expectError(again, 502, 'PAYMENT_FAILED')).toEqual({
      success: false,
      error: 'Transaction failed: the network rejected the transfer',
      code: 'PAYMENT_FAILED',
      reason: 'BROADCAST_REJECTED',
    });
  });
});
