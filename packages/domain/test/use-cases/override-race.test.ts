import { createOrder, type Order, type OrderStore, overrideOrderStatus } from '@trx-shop/domain';
import { buildTransferClaim } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, TRX } from '../support/domain-world.js';

/*
 * Issue 14, item 5: the override back to pending is refused by the store's guarded write itself,
 * not only by the use case's earlier read. Here something lands between that read and the write
 * (an `orders` view that runs `meanwhile` right before the real changeStatus), and the answer must
 * name what the order is now.
 */

const scene = async () => {
  const world = createDomainWorld();
  await world.merchant();
  const buyer = await world.walletUser(100);
  const product = await world.product({ stock: 5, priceSun: 2 * TRX });
  const place = async () => {
    const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
    if (!created.ok) throw new Error(created.error.code);
    return created.value;
  };
  /** The real order store, with `meanwhile` run once right before the first changeStatus. */
  const racing = (meanwhile: () => Promise<void>): OrderStore => {
    let ran = false;
    return new Proxy(world.store.orders, {
      get(real, property) {
        const value: unknown = Reflect.get(real, property, real);
        if (typeof value !== 'function') return value;
        if (property !== 'changeStatus') return value.bind(real);
        return async (...args: Parameters<OrderStore['changeStatus']>) => {
          if (!ran) {
            ran = true;
            await meanwhile();
          }
          return real.changeStatus(...args);
        };
      },
    });
  };
  const overrideTo = (orders: OrderStore, orderId: string, status: string) =>
    overrideOrderStatus({ ...world.deps, orders }, orderId, { status });
  return { world, buyer, place, racing, overrideTo };
};

describe('admin override to pending racing other writers', () => {
  it('answers ORDER_HAS_PAYMENT and changes nothing when a payment is claimed between its read and its write', async () => {
    const { world, place, racing, overrideTo } = await scene();
    const order = await place();
    const claim = buildTransferClaim({ amountSun: order.totalSun, recorded: false });
    let claimed: Order | null = null;

    const answer = await overrideTo(
      racing(async () => {
        expect(await world.store.orders.claimTransfer(order.id, 'payment', claim)).toBe(true);
        claimed = await world.store.orders.findById(order.id);
      }),
      order.id,
      'pending',
    );

    expect(answer.ok ? 'ok' : answer.error.code).toBe('ORDER_HAS_PAYMENT');
    expect(await world.store.orders.findById(order.id)).toEqual(claimed);
  });

  it('answers PENDING_ORDER_EXISTS with the other order when the customer ordered between its read and its write', async () => {
    const { world, buyer, place, racing, overrideTo } = await scene();
    const first = await place();
    const cancelled = await world.store.orders.changeStatus(first.id, {
      from: ['pending'],
      to: 'cancelled',
      at: world.deps.clock.now(),
    });
    expect(cancelled.ok).toBe(true);
    let other: Order | null = null;

    const answer = await overrideTo(
      racing(async () => {
        other = await place();
      }),
      first.id,
      'pending',
    );

    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'PENDING_ORDER_EXISTS', data: { pendingOrderId: (other as Order | null)?.id } },
    });
    expect((await world.store.orders.findById(first.id))?.status).toBe('cancelled');
    expect((await world.store.orders.findPendingByUser(buyer.id))?.id).toBe((other as Order | null)?.id);
  });

  it('still moves the order to completed when a payment is claimed meanwhile (only pending is guarded)', async () => {
    const { world, place, racing, overrideTo } = await scene();
    const order = await place();
    const claim = buildTransferClaim({ amountSun: order.totalSun });

    const answer = await overrideTo(
      racing(async () => {
        expect(await world.store.orders.claimTransfer(order.id, 'payment', claim)).toBe(true);
      }),
      order.id,
      'completed',
    );

    expect(answer.ok && answer.value.status).toBe('completed');
  });
});
