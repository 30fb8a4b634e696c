import type { OrderRefund } from '@trx-shop/domain';
import { type ClaimColumns, claimFromColumns, claimToColumns } from './claim-columns.js';

/** One row of `order_refunds`; `position` orders an order's refunds oldest first. */
export interface OrderRefundRow extends ClaimColumns {
  order_id: string;
  position: number;
  id: string;
  reason: string | null;
}

export const ORDER_REFUND_COLUMN_LIST = [
  'order_id',
  'position',
  'id',
  'reason',
  ...Object.keys(claimToColumns(null)),
] as const;

export const refundFromRow = (row: OrderRefundRow): OrderRefund => {
  const claim = claimFromColumns(row);
  if (!claim) throw new Error(`refund ${row.id} of order ${row.order_id} has no txID`);
  return { ...claim, id: row.id, reason: row.reason };
};

export const refundToRow = (orderId: string, position: number, refund: OrderRefund): OrderRefundRow => ({
  order_id: orderId,
  position,
  id: refund.id,
  reason: refund.reason,
  ...claimToColumns(refund),
});
