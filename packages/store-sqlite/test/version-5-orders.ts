import type { NewOrder, TransactionRecord, TransferClaim } from '@trx-shop/domain';
import { claimToColumns, prefixed } from '../src/rows/claim-columns.js';
import { transactionToRow } from '../src/rows/transaction-row.js';
import type { Database } from '../src/sqlite-database.js';

const insertRow = (db: Database, table: string, row: object): void => {
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
    // Versions 1 to 5 spread both claims over `orders.<slot>_*`, as the payment still is.
    ...prefixed('payment', claimToColumns(order.payment)),
    ...prefixed('refund', claimToColumns(refund)),
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

/**
 * Writes a transaction record as versions 4 and 5 held it: their `transactions` table is today's
 * (keyed by the ledger entry key since migration 4), so its row is today's row.
 */
export const insertVersion5Transaction = (db: Database, record: TransactionRecord): void => {
  insertRow(db, 'transactions', transactionToRow(record));
};
