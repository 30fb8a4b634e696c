import type { OrderRefund, PaidTransfer, ShopEvent } from '@trx-shop/domain';
import { ORDER_REFUND_COLUMN_LIST, refundToRow } from '../rows/order-refund-row.js';
import { type Database, immediate, isUniqueViolationOf } from '../sqlite-database.js';
import type { EventWriter } from './event-writer.js';

const REFUND_VALUES = ORDER_REFUND_COLUMN_LIST.filter((column) => column !== 'position');

export const ORDER_REFUND_SQL = {
  /**
   * docs/decisions.md section 7, step 2 for a refund: the WHERE clause is the whole rule (completed,
   * paid by the payment the caller measured, and the remainder covers this refund), so of two
   * racing claims that together exceed the payment exactly one changes a row.
   */
  takeFromRemainder:
    'UPDATE orders SET refund_claimed_sun = refund_claimed_sun + @amount_sun, updated_at = @claimed_at ' +
    "WHERE id = @order_id AND status = 'completed' AND payment_state = 'confirmed' " +
    'AND payment_tx_id = @paid_tx_id AND refund_claimed_sun + @amount_sun <= @paid_amount_sun',
  /** Appended after the order's newest refund: `position` keeps them oldest first. */
  append:
    `INSERT INTO order_refunds (position, ${REFUND_VALUES.join(', ')}) ` +
    `SELECT COALESCE(MAX(position) + 1, 0), ${REFUND_VALUES.map((column) => `@${column}`).join(', ')} ` +
    'FROM order_refunds WHERE order_id = @order_id',
  markRecorded: 'UPDATE order_refunds SET recorded = 1 WHERE tx_id = ? AND order_id = ?',
  /** Only a pending refund settles, so a second settlement finds nothing to move. */
  settle:
    "UPDATE order_refunds SET state = @state WHERE tx_id = @tx_id AND order_id = @order_id AND state = 'pending' " +
    'RETURNING amount_sun',
  confirmed: 'UPDATE orders SET refunded_sun = refunded_sun + ? WHERE id = ?',
  givenBack: 'UPDATE orders SET refund_claimed_sun = refund_claimed_sun - ? WHERE id = ?',
} as const;

/**
 * The refund side of the order claims: each call is one IMMEDIATE transaction over both tables
 * and the outbox, whose events go in only when the claim or settlement applied.
 */
export const createSqliteOrderRefunds = (db: Database, logEvents: EventWriter) => {
  const takeFromRemainder = db.prepare(ORDER_REFUND_SQL.takeFromRemainder);
  const append = db.prepare(ORDER_REFUND_SQL.append);
  const markRecorded = db.prepare<[string, string]>(ORDER_REFUND_SQL.markRecorded);
  const settle = db.prepare<Record<string, string>, { amount_sun: number }>(ORDER_REFUND_SQL.settle);
  const counterOf = {
    confirmed: db.prepare<[number, string]>(ORDER_REFUND_SQL.confirmed),
    failed: db.prepare<[number, string]>(ORDER_REFUND_SQL.givenBack),
  };

  return {
    claim(orderId: string, refund: OrderRefund, paid: PaidTransfer, events?: readonly ShopEvent[]): boolean {
      const { position: _position, ...row } = refundToRow(orderId, 0, refund);
      try {
        return immediate(db, () => {
          const taken =
            takeFromRemainder.run({
              order_id: orderId,
              amount_sun: refund.amountSun,
              claimed_at: refund.claimedAt.getTime(),
              paid_tx_id: paid.txId,
              paid_amount_sun: paid.amountSun,
            }).changes === 1;
          if (taken) {
            append.run(row);
            logEvents(events);
          }
          return taken;
        });
      } catch (error) {
        // A txID already claimed (a retried claim): the rollback also gave the amount back. Any
        // other clash (an event id logged twice) is a fault, not a lost claim.
        if (isUniqueViolationOf(error, 'order_refunds.tx_id')) return false;
        throw error;
      }
    },

    markRecorded(orderId: string, txId: string): void {
      markRecorded.run(txId, orderId);
    },

    settle(
      orderId: string,
      txId: string,
      state: 'confirmed' | 'failed',
      events?: readonly ShopEvent[],
    ): void {
      immediate(db, () => {
        const settled = settle.get({ state, tx_id: txId, order_id: orderId });
        if (!settled) return;
        counterOf[state].run(settled.amount_sun, orderId);
        logEvents(events);
      });
    },
  };
};
