import type { Order, PaidTransfer, ShopStore } from '@trx-shop/domain';
import { expect } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { buildOrder, buildTransferClaim } from '../builders/order.builder.js';

/** A completed order whose payment arrived (its claim confirmed and recorded), as the listener leaves it. */
export const paidOrder = async (
  store: ShopStore,
  amountSun = 1_990_000,
): Promise<{ readonly order: Order; readonly paid: PaidTransfer }> => {
  const order = buildOrder();
  expect((await store.orders.create(order)).ok).toBe(true);
  const payment = buildTransferClaim({ amountSun });
  expect(await store.orders.claimTransfer(order.id, 'payment', payment)).toBe(true);
  await store.orders.markClaimRecorded(order.id, 'payment', payment.txId);
  await store.orders.settleClaim(order.id, 'payment', payment.txId, 'confirmed');
  const completed = await store.orders.changeStatus(order.id, {
    from: ['pending'],
    to: 'completed',
    at: BUILDER_NOW,
  });
  if (!completed.ok) throw new Error(`could not complete order ${order.id}: ${completed.error}`);
  return { order: completed.value, paid: { txId: payment.txId, amountSun } };
};
