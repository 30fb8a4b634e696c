import { err, ok, type OrderStore, type StatusChange } from '@trx-shop/domain';
import { claimToColumns, prefixed } from '../rows/claim-columns.js';
import type { OrderRow } from '../rows/order-row.js';
import { createStatementCache } from '../statement-cache.js';
import { type Database, immediate } from '../sqlite-database.js';
import type { OrderReader } from './order-reader.js';
import { ORDER_SQL } from './order-sql.js';
import type { EventWriter } from './event-writer.js';
import type { PendingOrderLocks } from './pending-order-locks.js';

/** What a status change's guard reads: the order's status, its payment, and whether a refund is in flight. */
export const STATUS_GUARD_SQL =
  'SELECT status, user_id, payment_tx_id, payment_state, ' +
  "EXISTS (SELECT 1 FROM order_refunds WHERE order_id = orders.id AND state = 'pending') AS refund_in_flight " +
  'FROM orders WHERE id = ?';

type StatusOperations = Pick<OrderStore, 'changeStatus' | 'recordStockMovement' | 'finishEffect'>;

const EFFECT_COLUMN = { purchase: 'purchase_effect', refund: 'refund_effect' } as const;
const MOVEMENT_COLUMN = { purchase: 'stock_taken', refund: 'stock_restored' } as const;

export const createSqliteOrderStatusChanges = (
  db: Database,
  reader: OrderReader,
  locks: PendingOrderLocks,
  logEvents: EventWriter,
): StatusOperations => {
  const guardFields = db.prepare<
    [string],
    {
      status: string;
      user_id: string;
      payment_tx_id: string | null;
      payment_state: string | null;
      refund_in_flight: 0 | 1;
    }
  >(STATUS_GUARD_SQL);
  const byId = db.prepare<[string], OrderRow>(ORDER_SQL.byId);
  // Preparing an UPDATE of orders also compiles its summary triggers: do it once per SQL text.
  const statement = createStatementCache(db);

  return {
    async changeStatus(orderId: string, change: StatusChange) {
      // IMMEDIATE: the guard read, the lock and the write form one step no other writer can split.
      return immediate(db, () => {
        const current = guardFields.get(orderId);
        if (!current) return err('ORDER_NOT_FOUND' as const);
        const fromAllowed = (change.from as readonly string[]).includes(current.status);
        const txMatches = change.paymentTxId === undefined || current.payment_tx_id === change.paymentTxId;
        const livePayment =
          current.payment_tx_id !== null &&
          (current.payment_state === 'pending' || current.payment_state === 'confirmed');
        const inFlight =
          (current.payment_tx_id !== null && current.payment_state === 'pending') ||
          current.refund_in_flight === 1;
        if (
          !fromAllowed ||
          !txMatches ||
          (change.requireNoLivePayment && livePayment) ||
          (change.requireNoTransferInFlight && inFlight)
        ) {
          return err('STATUS_MISMATCH' as const);
        }

        const entersPending = change.to === 'pending' && current.status !== 'pending';
        if (entersPending && !locks.take(current.user_id, orderId, change.at.getTime()).taken) {
          return err('PENDING_ORDER_EXISTS' as const);
        }
        const sets = ['status = @to', 'updated_at = @at'];
        if (change.beginEffect) sets.push(`${EFFECT_COLUMN[change.beginEffect]} = 'applying'`);
        if (change.transactionHash !== undefined) sets.push('transaction_hash = @hash');
        const claim =
          change.paymentClaim === undefined ? {} : prefixed('payment', claimToColumns(change.paymentClaim));
        for (const column of Object.keys(claim)) sets.push(`${column} = @${column}`);
        if (change.paymentClaim !== undefined) sets.push('transaction_hash = @payment_tx_id');
        statement(`UPDATE orders SET ${sets.join(', ')} WHERE id = @id AND status = @from`).run({
          id: orderId,
          to: change.to,
          at: change.at.getTime(),
          from: current.status,
          ...(change.transactionHash === undefined ? {} : { hash: change.transactionHash }),
          ...claim,
        });
        if (current.status === 'pending' && change.to !== 'pending') locks.release(current.user_id, orderId);
        logEvents(change.events);

        const updated = reader.one(byId.get(orderId));
        if (!updated) throw new Error(`order ${orderId} vanished inside a write transaction`);
        return ok(updated);
      });
    },

    async recordStockMovement(orderId, kind, lineIndex, quantity) {
      const column = MOVEMENT_COLUMN[kind];
      statement(
        `UPDATE order_lines SET ${column} = ? WHERE order_id = ? AND line_index = ? AND ${column} IS NULL`,
      ).run(quantity, orderId, lineIndex);
    },

    async finishEffect(orderId, kind) {
      statement(`UPDATE orders SET ${EFFECT_COLUMN[kind]} = 'applied' WHERE id = ?`).run(orderId);
    },
  };
};
