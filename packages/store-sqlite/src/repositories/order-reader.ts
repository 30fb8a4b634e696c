import type { Order, OrderWithCustomer } from '@trx-shop/domain';
import { type OrderLineRow, type OrderRow, orderFromRows } from '../rows/order-row.js';
import type { Database } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';

const LINES_PER_QUERY = 500;

export type SaleRow = OrderRow & {
  customer_id: string | null;
  customer_username: string | null;
  customer_email: string | null;
};

/** Turns order rows into orders, reading all their lines with one primary-key query per batch. */
export const createOrderReader = (db: Database) => {
  // One text per batch size: pages come in a few sizes, so each is prepared once.
  const statement = createStatementCache(db);
  const linesOf = (orderIds: readonly string[]): Map<string, OrderLineRow[]> => {
    const byOrder = new Map<string, OrderLineRow[]>();
    for (let start = 0; start < orderIds.length; start += LINES_PER_QUERY) {
      const slice = orderIds.slice(start, start + LINES_PER_QUERY);
      const rows = statement<string[], OrderLineRow>(
        `SELECT * FROM order_lines WHERE order_id IN (${slice.map(() => '?').join(', ')}) ORDER BY order_id, line_index`,
      ).all(...slice);
      for (const row of rows) {
        const lines = byOrder.get(row.order_id) ?? [];
        lines.push(row);
        byOrder.set(row.order_id, lines);
      }
    }
    return byOrder;
  };

  const orders = (rows: readonly OrderRow[]): Order[] => {
    const lines = linesOf(rows.map((row) => row.id));
    return rows.map((row) => orderFromRows(row, lines.get(row.id) ?? []));
  };

  return {
    orders,
    one: (row: OrderRow | undefined): Order | null => (row ? (orders([row])[0] ?? null) : null),
    sales: (rows: readonly SaleRow[]): OrderWithCustomer[] => {
      const loaded = orders(rows);
      return rows.map((row, index) => ({
        order: loaded[index] as Order,
        customer:
          row.customer_id === null
            ? null
            : { id: row.customer_id, username: row.customer_username ?? '', email: row.customer_email ?? '' },
      }));
    },
  };
};

export type OrderReader = ReturnType<typeof createOrderReader>;
