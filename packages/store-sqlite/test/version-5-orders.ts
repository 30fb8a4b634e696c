import type { NewOrder, TransactionRecord, TransferClaim } from '@trx-shop/domain';
import type { Database } from '../src/sqlite-database.js';

/** A claim as versions 1 to 5 spread it over `orders.<slot>_*`. */
const claimColumns = (slot: 'payment' | 'refund', claim: TransferClaim | null): Record<string, unknown> => ({
  [`${slot}_tx_id`]: claim?.txId ?? null,
  [`${slot}_signed_transaction`]: claim?.signedTransaction ?? null,
  [`${slot}_from_address`]: claim?.fromAddress ?? null,
  [`${slot}_to_address`]: claim?.toAddress ?? null,
  [`${slot}_amount_sun`]: claim?.amountSun ?? null,
  [`${slot}_expires_at`]: claim?.expiresAt.getTime() ?? null,
  [`${slot}_claimed_at`]: claim?.claimedAt.getTime() ?? null,
  [`${slot}_state`]: claim?.state ?? null,
  [`${slot}_recorded`]: claim === null ? null : claim.recorded ? 1 : 0,
});

const insertRow = (db: Database, table: string, row: Record<string, unknown>): void => {
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
  ).run(row);
};

/** Writes an order as a version-5 database held it: one payment and at most one refund claim. */
export const insertVersion5Order = (
  db: Database,
  order: NewOrder & { number: number },
  refund: TransferClaim | null,
): void => {
  insertRow(db, 'orders', {
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
    ...claimColumns('payment', order.payment),
    ...claimColumns('refund', refund),
    purchase_effect: order.purchaseEffect,
    refund_effect: order.refundEffect,
    created_at: order.createdAt.getTime(),
    updated_at: order.updatedAt.getTime(),
  });
  for (const [index, line] of order.lines.entries()) {
    insertRow(db, 'order_lines', {
      order_id: order.id,
      line_index: index,
      product_id: line.productId,
      name: line.name,
      price_sun: line.priceSun,
      quantity: line.quantity,
      color: line.color,
      stock_taken: order.stockTaken[index] ?? null,
      stock_restored: order.stockRestored[index] ?? null,
    });
  }
};

/** Writes a transaction record as versions 4 and 5 held it (keyed by its txID). */
export const insertVersion5Transaction = (db: Database, record: TransactionRecord): void => {
  insertRow(db, 'transactions', {
    id: record.id,
    entry_key: record.transactionHash,
    user_id: record.userId,
    order_id: record.orderId,
    type: record.type,
    amount_sun: record.amountSun,
    currency: record.currency,
    network: record.network,
    transaction_hash: record.transactionHash,
    from_address: record.fromAddress,
    to_address: record.toAddress,
    status: record.status,
    confirmations: record.confirmations,
    block_number: record.blockNumber,
    fee_sun: record.feeSun,
    failure_reason: record.failureReason,
    signed_transaction: record.signedTransaction,
    expires_at: record.expiresAt.getTime(),
    effect_applied: record.effectApplied ? 1 : 0,
    created_at: record.createdAt.getTime(),
    updated_at: record.updatedAt.getTime(),
  });
};
