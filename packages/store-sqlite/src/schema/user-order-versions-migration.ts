/**
 * Each user's order version (OrderStore.userOrdersVersion; docs/decisions.md,
 * "Memoized answers"). Released like every migration: never edited once shipped.
 *
 * One row per user who has orders, moved by triggers in the same transaction as any write to one
 * of their orders, its lines or its refunds (everything `GET /api/orders` shows), so no code path
 * and no crash can change an order page without moving its version. A user without orders has no
 * row: their version reads as 0 until the first order is written.
 */
/** Moves the version of the user owning `orderId` (nothing when no order has that id). */
const bumpOwnerOf = (orderId: string) => `
    INSERT INTO user_order_versions (user_id, version) SELECT user_id, 1 FROM orders WHERE id = ${orderId}
      ON CONFLICT (user_id) DO UPDATE SET version = version + 1;`;

const bumpUser = (userId: string) => `
    INSERT INTO user_order_versions (user_id, version) VALUES (${userId}, 1)
      ON CONFLICT (user_id) DO UPDATE SET version = version + 1;`;

/** Triggers moving the owner's version on every insert, update and delete of `table`. */
const triggersOn = (table: string, bump: (row: 'NEW' | 'OLD') => string) => `
  CREATE TRIGGER ${table}_user_version_insert AFTER INSERT ON ${table} BEGIN${bump('NEW')}
  END;
  CREATE TRIGGER ${table}_user_version_delete AFTER DELETE ON ${table} BEGIN${bump('OLD')}
  END;
  CREATE TRIGGER ${table}_user_version_update AFTER UPDATE ON ${table} BEGIN${bump('OLD')}${bump('NEW')}
  END;`;

export function userOrderVersionsMigration(): string {
  return `
  CREATE TABLE user_order_versions (
    user_id TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  ) WITHOUT ROWID;
  ${triggersOn('orders', (row) => bumpUser(`${row}.user_id`))}
  ${triggersOn('order_lines', (row) => bumpOwnerOf(`${row}.order_id`))}
  ${triggersOn('order_refunds', (row) => bumpOwnerOf(`${row}.order_id`))}
  `;
}
