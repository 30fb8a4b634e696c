/**
 * Partial refunds (docs/api.md, "Refunds"). Released like every migration: never
 * edited once shipped.
 *
 * - `order_refunds` holds every refund of an order, oldest first by `position`. It is a rowid
 *   table: a signed transaction is too big a row to sit in an index B-tree (WITHOUT ROWID).
 *   Its primary key `(order_id, position)` reads an order's refunds in order (and finds the next
 *   position); `tx_id` is unique like every txID a claim holds; the partial index keeps only the
 *   few unrecorded refunds, so recovery after a crash reads a handful of entries.
 * - `orders.refund_claimed_sun` / `refunded_sun` are the refunds' counters, kept on the order so
 *   that one guarded UPDATE takes a refund from the refundable remainder.
 * - `order_refund_totals` sums `refunded_sun` per status, kept by triggers like the admin
 *   summaries (`order_day_totals`), so the dashboard reads a few rows instead of every refunded order. An order
 *   without refunds never touches it (a status with none has no row, which reads as 0); a row
 *   whose refunded orders all left stays, at 0.
 *
 * The single refund claim of an order (`orders.refund_*`) moves into `order_refunds`. Its id is
 * that of the refund's transaction record (the record and the refund share it), found by its
 * ledger key, which for a transfer the service sent is its txID; without one, the txID stands in.
 * The old columns are then dropped: no trigger, view or constraint names them, only the index
 * `orders_refund_recorded`, dropped first. Each DROP COLUMN rewrites the table once; it runs once.
 */
const LEGACY_REFUND_COLUMNS = [
  'tx_id',
  'signed_transaction',
  'from_address',
  'to_address',
  'amount_sun',
  'expires_at',
  'claimed_at',
  'state',
  'recorded',
] as const;

/** Adds `amount` to the status's row; a zero amount writes nothing (no row of zeros to read). */
function addToRefundTotals(status: string, amount: string): string {
  return `
  INSERT INTO order_refund_totals (status, refunded_sun) SELECT ${status}, ${amount} WHERE ${amount} <> 0
  ON CONFLICT DO UPDATE SET refunded_sun = refunded_sun + excluded.refunded_sun;`;
}

export function orderRefundsMigration(): string {
  return `
  ALTER TABLE orders ADD COLUMN refund_claimed_sun INTEGER NOT NULL DEFAULT 0 CHECK (refund_claimed_sun >= 0);
  ALTER TABLE orders ADD COLUMN refunded_sun INTEGER NOT NULL DEFAULT 0 CHECK (refunded_sun >= 0);

  CREATE TABLE order_refunds (
    order_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    id TEXT NOT NULL,
    reason TEXT,
    tx_id TEXT NOT NULL,
    signed_transaction TEXT NOT NULL,
    from_address TEXT NOT NULL,
    to_address TEXT NOT NULL,
    amount_sun INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    claimed_at INTEGER NOT NULL,
    state TEXT NOT NULL,
    recorded INTEGER NOT NULL,
    PRIMARY KEY (order_id, position)
  );
  CREATE UNIQUE INDEX order_refunds_tx_id ON order_refunds (tx_id);
  CREATE INDEX order_refunds_unrecorded ON order_refunds (order_id) WHERE recorded = 0;

  INSERT INTO order_refunds (order_id, position, id, reason, ${LEGACY_REFUND_COLUMNS.join(', ')})
    SELECT o.id, 0,
      COALESCE((SELECT t.id FROM transactions t WHERE t.entry_key = o.refund_tx_id
        AND t.transaction_hash = o.refund_tx_id AND t.type = 'refund'), o.refund_tx_id),
      NULL, ${LEGACY_REFUND_COLUMNS.map((column) => `o.refund_${column}`).join(', ')}
    FROM orders o WHERE o.refund_tx_id IS NOT NULL;
  UPDATE orders SET
    refund_claimed_sun = CASE WHEN refund_state IN ('pending', 'confirmed') THEN refund_amount_sun ELSE 0 END,
    refunded_sun = CASE WHEN refund_state = 'confirmed' THEN refund_amount_sun ELSE 0 END
    WHERE refund_tx_id IS NOT NULL;

  DROP INDEX orders_refund_recorded;
  ${LEGACY_REFUND_COLUMNS.map((column) => `ALTER TABLE orders DROP COLUMN refund_${column};`).join('\n  ')}

  CREATE TABLE order_refund_totals (
    status TEXT PRIMARY KEY,
    refunded_sun INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO order_refund_totals (status, refunded_sun)
    SELECT status, SUM(refunded_sun) FROM orders WHERE refunded_sun <> 0 GROUP BY status;

  CREATE TRIGGER orders_refund_totals_insert AFTER INSERT ON orders WHEN NEW.refunded_sun <> 0 BEGIN
    ${addToRefundTotals('NEW.status', 'NEW.refunded_sun')}
  END;
  CREATE TRIGGER orders_refund_totals_delete AFTER DELETE ON orders WHEN OLD.refunded_sun <> 0 BEGIN
    ${addToRefundTotals('OLD.status', '-OLD.refunded_sun')}
  END;
  CREATE TRIGGER orders_refund_totals_update AFTER UPDATE OF status, refunded_sun ON orders
    WHEN (OLD.status IS NOT NEW.status OR OLD.refunded_sun IS NOT NEW.refunded_sun)
      AND (OLD.refunded_sun <> 0 OR NEW.refunded_sun <> 0)
  BEGIN
    ${addToRefundTotals('OLD.status', '-OLD.refunded_sun')}
    ${addToRefundTotals('NEW.status', 'NEW.refunded_sun')}
  END;
  `;
}
