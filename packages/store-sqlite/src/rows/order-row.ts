import { type EffectProgress, isOrderStatus, type Order, type OrderLine } from '@trx-shop/domain';
import { claimFromColumns, claimToColumns, prefixed, unprefixed } from './claim-columns.js';
import { type OrderRefundRow, refundFromRow } from './order-refund-row.js';

export interface OrderRow {
  id: string;
  number: number;
  user_id: string;
  subtotal_sun: number;
  network_fee_sun: number;
  discount_sun: number;
  total_sun: number;
  status: string;
  payment_method: string;
  transaction_hash: string | null;
  wallet_address: string;
  merchant_address: string;
  refund_claimed_sun: number;
  refunded_sun: number;
  purchase_effect: string | null;
  refund_effect: string | null;
  created_at: number;
  updated_at: number;
  [claimColumn: string]: unknown;
}

export interface OrderLineRow {
  order_id: string;
  line_index: number;
  product_id: string;
  name: string;
  price_sun: number;
  quantity: number;
  color: string | null;
  stock_taken: number | null;
  stock_restored: number | null;
}

const toEffect = (value: string | null): EffectProgress | null =>
  value === 'applying' || value === 'applied' ? value : null;

export const orderFromRows = (
  row: OrderRow,
  lineRows: readonly OrderLineRow[],
  refundRows: readonly OrderRefundRow[],
): Order => {
  if (!isOrderStatus(row.status)) throw new Error(`order ${row.id} has unknown status ${row.status}`);
  const lines: OrderLine[] = lineRows.map((line) => ({
    productId: line.product_id,
    name: line.name,
    priceSun: line.price_sun,
    quantity: line.quantity,
    color: line.color,
  }));
  return {
    id: row.id,
    number: row.number,
    userId: row.user_id,
    lines,
    subtotalSun: row.subtotal_sun,
    networkFeeSun: row.network_fee_sun,
    discountSun: row.discount_sun,
    totalSun: row.total_sun,
    status: row.status,
    paymentMethod: 'TRC-20',
    transactionHash: row.transaction_hash,
    walletAddress: row.wallet_address,
    merchantAddress: row.merchant_address,
    payment: claimFromColumns(unprefixed('payment', row)),
    refunds: refundRows.map(refundFromRow),
    refundClaimedSun: row.refund_claimed_sun,
    refundedSun: row.refunded_sun,
    stockTaken: lineRows.map((line) => line.stock_taken),
    stockRestored: lineRows.map((line) => line.stock_restored),
    purchaseEffect: toEffect(row.purchase_effect),
    refundEffect: toEffect(row.refund_effect),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
};

export const orderToRow = (order: Order): OrderRow => ({
  id: order.id,
  number: order.number,
  user_id: order.userId,
  subtotal_sun: order.subtotalSun,
  network_fee_sun: order.networkFeeSun,
  discount_sun: order.discountSun,
  total_sun: order.totalSun,
  status: order.status,
  payment_method: order.paymentMethod,
  transaction_hash: order.transactionHash,
  wallet_address: order.walletAddress,
  merchant_address: order.merchantAddress,
  ...prefixed('payment', claimToColumns(order.payment)),
  refund_claimed_sun: order.refundClaimedSun,
  refunded_sun: order.refundedSun,
  purchase_effect: order.purchaseEffect,
  refund_effect: order.refundEffect,
  created_at: order.createdAt.getTime(),
  updated_at: order.updatedAt.getTime(),
});

export const orderLinesToRows = (order: Order): OrderLineRow[] =>
  order.lines.map((line, index) => ({
    order_id: order.id,
    line_index: index,
    product_id: line.productId,
    name: line.name,
    price_sun: line.priceSun,
    quantity: line.quantity,
    color: line.color,
    stock_taken: order.stockTaken[index] ?? null,
    stock_restored: order.stockRestored[index] ?? null,
  }));
