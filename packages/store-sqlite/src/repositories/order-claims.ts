import type { OrderStore, TransferClaim, TransferSlot } from '@trx-shop/domain';
import { claimToColumns, prefixed } from '../rows/claim-columns.js';
import type { OrderRow } from '../rows/order-row.js';
import type { Database } from '../sqlite-database.js';
import type { OrderReader } from './order-reader.js';
import { ORDER_SQL } from './order-sql.js';

/**
 * docs/decisions.md section 7, step 2: one guarded UPDATE per claim. The WHERE clause is the whole
 * rule (payment: order pending and no live payment; refund: order completed, its payment
 * confirmed, and no pending or confirmed refund), so of two racing claims exactly one changes a row.
 */
const CLAIM_GUARD: Record<TransferSlot, string> = {
  payment: "status = 'pending' AND (payment_state IS NULL OR payment_state = 'failed')",
  // A refund only of money that arrived, and never a second one after a confirmed refund.
  refund:
    "status = 'completed' AND payment_state = 'confirmed' AND (refund_state IS NULL OR refund_state = 'failed')",
};

const claimAssignments = (slot: TransferSlot): string => {
  const columns = Object.keys(prefixed(slot, claimToColumns(null)));
  const assignments = columns.map((column) => `${column} = @${column}`);
  // A payment's txId is the order's transactionHash (what the API shows); a refund's is not.
  if (slot === 'payment') assignments.push('transaction_hash = @payment_tx_id');
  return assignments.join(', ');
};

type ClaimOperations = Pick<
  OrderStore,
  'claimTransfer' | 'markClaimRecorded' | 'settleClaim' | 'listUnrecordedClaims'
>;

export const createSqliteOrderClaims = (db: Database, reader: OrderReader): ClaimOperations => {
  const claim = {
    payment: db.prepare(
      `UPDATE orders SET ${claimAssignments('payment')} WHERE id = @id AND ${CLAIM_GUARD.payment}`,
    ),
    refund: db.prepare(
      `UPDATE orders SET ${claimAssignments('refund')} WHERE id = @id AND ${CLAIM_GUARD.refund}`,
    ),
  };
  const markRecorded = {
    payment: db.prepare('UPDATE orders SET payment_recorded = 1 WHERE id = ? AND payment_tx_id = ?'),
    refund: db.prepare('UPDATE orders SET refund_recorded = 1 WHERE id = ? AND refund_tx_id = ?'),
  };
  const settle = {
    payment: db.prepare('UPDATE orders SET payment_state = ? WHERE id = ? AND payment_tx_id = ?'),
    refund: db.prepare('UPDATE orders SET refund_state = ? WHERE id = ? AND refund_tx_id = ?'),
  };

  return {
    async claimTransfer(orderId: string, slot: TransferSlot, transfer: TransferClaim) {
      return claim[slot].run({ id: orderId, ...prefixed(slot, claimToColumns(transfer)) }).changes === 1;
    },

    async markClaimRecorded(orderId, slot, txId) {
      markRecorded[slot].run(orderId, txId);
    },

    async settleClaim(orderId, slot, txId, state) {
      settle[slot].run(state, orderId, txId);
    },

    async listUnrecordedClaims(limit) {
      return reader.orders(db.prepare<[number], OrderRow>(ORDER_SQL.unrecordedClaims).all(limit));
    },
  };
};
