import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { ORDER_STATUSES, type OrderStatus } from '../../orders/order-status.js';
import type { OrderStore } from '../../ports/order-store.port.js';
import type { CustomerRow, UserStore } from '../../ports/user-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';

export type CustomerDetailError = DomainError<'USER_NOT_FOUND'>;
export const CUSTOMER_DETAIL_ERRORS = codesOf<CustomerDetailError>()(['USER_NOT_FOUND']);

export interface CustomerOrderCounts {
  readonly total: number;
  /** Every status, 0 included. */
  readonly byStatus: Readonly<Record<OrderStatus, number>>;
  readonly lastOrderAt: Date | null;
}

export interface CustomerDetail {
  /** The customer as the customer list shows them, totalSpent included. */
  readonly customer: CustomerRow;
  readonly orders: CustomerOrderCounts;
}

/**
 * One customer with how many orders they placed in each status. An admin is no customer: it is
 * answered as missing, as the customer list leaves admins out.
 */
export const customerDetail = async (
  deps: {
    readonly users: Pick<UserStore, 'customersByIds'>;
    readonly orders: Pick<OrderStore, 'countByUser'>;
  },
  userId: string,
): Promise<Result<CustomerDetail, CustomerDetailError>> => {
  const [customer] = await deps.users.customersByIds([userId]);
  if (!customer) return err(domainError('USER_NOT_FOUND', 'User not found'));
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  let total = 0;
  let lastOrderAt: Date | null = null;
  for (const { status, count, lastCreatedAt } of await deps.orders.countByUser(userId)) {
    byStatus[status] += count;
    total += count;
    if (lastOrderAt === null || lastCreatedAt > lastOrderAt) lastOrderAt = lastCreatedAt;
  }
  return ok({ customer, orders: { total, byStatus, lastOrderAt } });
};
