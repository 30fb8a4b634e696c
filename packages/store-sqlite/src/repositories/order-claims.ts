import type { OrderStore, TransferClaim } from '@trx-shop/domain';
import { claimToColumns, prefixed } from '../rows/claim-columns.js';
import type { OrderRow } from '../rows/order-row.js';
import { type Database, immediate } from '../sqlite-database.js';
import type { OrderReader } from './order-reader.js';
import { createSqliteOrderRefunds } from './order-refunds.js';
import { ORDER_SQL } from './order-sql.js';
import type { EventWriter } from './event-writer.js';

/**
 * docs/decisions.md section 7, step 2: one guarded UPDATE per payment claim. The WHERE clause is
 * the whole rule (order pending and no live payment), so of two racing claims exactly one changes
 * a row. Refunds are claimed in order-refunds.ts.
 */
const PAYMENT_CLAIM_GUARD = "status = 'pending' AND (payment_state IS NULL OR payment_state = 'failed')";

const paymentClaimAssignments = (): string => {
  const columns = Object.keys(prefixed('payment', claimToColumns(null)));
  // A payment's txId is the order's transactionHash (what the API shows).
  return [
    ...columns.map((column) => `${column} = @${column}`),
    'transaction_hash = @payment_tx_id',
    'updated_at = @payment_claimed_at',
  ].join(', ');
};

type ClaimOperations = Pick<
  OrderStore,
  'claimTransfer' | 'claimRefund' | 'markClaimRecorded' | 'settleClaim' | 'listUnrecordedClaims'
>;

export const createSqliteOrderClaims = (
  db: Database,
  reader: OrderReader,
  logEvents: EventWriter,
): ClaimOperations => {
  const refunds = createSqliteOrderRefunds(db, logEvents);
  const claimPayment = db.prepare(
    `UPDATE orders SET ${paymentClaimAssignments()} WHERE id = @id AND ${PAYMENT_CLAIM_GUARD}`,
  );
  const markPaymentRecorded = db.prepare(
    'UPDATE orders SET payment_recorded = 1 WHERE id = ? AND payment_tx_id = ?',
  );
  // A claim already in that state is not touched: no change means no settlement, and no events.
  const settlePayment = db.prepare(
    'UPDATE orders SET payment_state = @state WHERE id = @id AND payment_tx_id = @tx_id AND payment_state <> @state',
  );
  const unrecorded = db.prepare<[number], OrderRow>(ORDER_SQL.unrecordedClaims);
  const listUnrecorded = db.transaction((limit: number) => reader.orders(unrecorded.all(limit)));

  return {
    async claimTransfer(orderId: string, _slot: 'payment', transfer: TransferClaim, events) {
      // The guarded UPDATE alone is atomic; the transaction is for its events, written only if it won.
      return immediate(db, () => {
        const claimed =
          claimPayment.run({ id: orderId, ...prefixed('payment', claimToColumns(transfer)) }).changes === 1;
        if (claimed) logEvents(events);
        return claimed;
      });
    },

    async claimRefund(orderId, refund, paid, events) {
      return refunds.claim(orderId, refund, paid, events);
    },

    async markClaimRecorded(orderId, slot, txId) {
      if (slot === 'refund') refunds.markRecorded(orderId, txId);
      else markPaymentRecorded.run(orderId, txId);
    },

    async settleClaim(orderId, slot, txId, state, events) {
      if (slot === 'refund') {
        refunds.settle(orderId, txId, state, events);
        return;
      }
      immediate(db, () => {
        if (settlePayment.run({ state, id: orderId, tx_id: txId }).changes === 1) logEvents(events);
      });
    },

    async listUnrecordedClaims(limit) {
      return listUnrecorded(limit);
    },
  };
};
