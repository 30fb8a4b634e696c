import type { OrderRefund, ShopStore } from '@trx-shop/domain';
import {
  BUILDER_NOW,
  buildOrder,
  buildShopEvent,
  buildTransferClaim,
  newObjectId,
} from '@trx-shop/store-contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';

let store: ShopStore;
beforeEach(async () => {
  store = await openSqliteStore({ filename: ':memory:' });
});
afterEach(() => store.close());

const refundOf = (amountSun: number): OrderRefund => ({
  ...buildTransferClaim({ amountSun }),
  id: newObjectId(),
  reason: null,
});

/** A completed order whose payment of `amountSun` arrived, ready to refund. */
const paidOrder = async (amountSun: number) => {
  const order = buildOrder();
  expect((await store.orders.create(order)).ok).toBe(true);
  const payment = buildTransferClaim({ amountSun });
  expect(await store.orders.claimTransfer(order.id, 'payment', payment)).toBe(true);
  await store.orders.settleClaim(order.id, 'payment', payment.txId, 'confirmed');
  const completed = await store.orders.changeStatus(order.id, {
    from: ['pending'],
    to: 'completed',
    at: BUILDER_NOW,
  });
  expect(completed.ok).toBe(true);
  return { id: order.id, paid: { txId: payment.txId, amountSun } };
};

describe('refund claims (SQLite)', () => {
  it('loses a claim of a txID already claimed, giving its amount back', async () => {
    const { id, paid } = await paidOrder(1_000_000);
    const first = refundOf(300_000);
    expect(await store.orders.claimRefund(id, first, paid)).toBe(true);
    const again = { ...refundOf(300_000), txId: first.txId };
    expect(await store.orders.claimRefund(id, again, paid)).toBe(false);
    expect(await store.orders.findById(id)).toMatchObject({
      refunds: [first],
      refundClaimedSun: 300_000,
    });
  });

  it('throws on any other unique violation (an event id already logged), claiming nothing', async () => {
    const { id, paid } = await paidOrder(1_000_000);
    const event = buildShopEvent({ type: 'refund.sent' });
    expect(await store.orders.claimRefund(id, refundOf(300_000), paid, [event])).toBe(true);
    await expect(store.orders.claimRefund(id, refundOf(300_000), paid, [event])).rejects.toThrow(
      'UNIQUE constraint failed: event_log.id',
    );
    const stored = await store.orders.findById(id);
    expect(stored?.refunds).toHaveLength(1);
    expect(stored?.refundClaimedSun).toBe(300_000);
    expect((await store.eventLog.readAfter(0, 10)).map((logged) => logged.id)).toEqual([event.id]);
  });
});
