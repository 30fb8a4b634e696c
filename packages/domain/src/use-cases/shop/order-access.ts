import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { Order } from '../../orders/order.js';
import type { OrderStore } from '../../ports/order-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';

export type OrderAccessError = DomainError<'ORDER_NOT_FOUND'>;
export const ORDER_ACCESS_ERRORS = codesOf<OrderAccessError>()(['ORDER_NOT_FOUND']);

const notFound = (): OrderAccessError => domainError('ORDER_NOT_FOUND', 'Order not found');

/** A user sees their own orders; admins see any. Another user's order looks missing (no probing). */
export const findVisibleOrder = async (
  orders: OrderStore,
  viewer: Pick<User, 'id' | 'role'>,
  orderId: string,
): Promise<Result<Order, OrderAccessError>> => {
  const order = await orders.findById(orderId);
  if (!order || (order.userId !== viewer.id && viewer.role !== 'admin')) return err(notFound());
  return ok(order);
};
