import { createOrder, overrideOrderStatus, payOrder, runSettlement } from '@trx-shop/domain';
import { createDomainWorld, TRX } from './domain-world.js';

/** A merchant, a buyer with 100 TRX, a 3 TRX product with stock 5, and helpers to order, pay and settle. */
export const shop = async () => {
  const world = createDomainWorld();
  const merchant = await world.merchant(100);
  const buyer = await world.walletUser(100);
  const product = await world.product({ stock: 5, priceSun: 3 * TRX });
  const settle = async () => {
    world.controls.confirm();
    await runSettlement(world.deps);
  };
  const order = async (quantity = 1) => {
    const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity }]);
    if (!created.ok) throw new Error(created.error.code);
    return created.value;
  };
  const paidOrder = async (quantity = 1) => {
    const placed = await order(quantity);
    const paid = await payOrder(world.deps, buyer.id, placed.id);
    if (!paid.ok) throw new Error(paid.error.code);
    await settle();
    return placed;
  };
  const override = (orderId: string, status: string) =>
    overrideOrderStatus({ ...world.deps, orders: world.store.orders }, orderId, { status });
  return { world, merchant, buyer, product, settle, order, paidOrder, override };
};
