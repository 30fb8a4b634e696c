import type { Order, OrderWithCustomer } from '@trx-shop/domain';
import type { OrderRefundRow } from '../rows/order-refund-row.js';
import { type OrderLineRow, type OrderRow, orderFromRows } from '../rows/order-row.js';
import type { Database } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';

const ORDERS_PER_QUERY = 500;

/** Lines and refunds of a batch of orders, each read through its `(order_id, ...)` primary key. */
export const ORDER_CHILDREN_SQL = {
  lines: (placeholders: string) =>
    `SELECT * FROM order_lines WHERE order_id IN (${placeholders}) ORDER BY order_id, line_index`,
  refunds: (placeholders: string) =>
    `SELECT * FROM order_refunds WHERE order_id IN (${placeholders}) ORDER BY order_id, position`,
} as const;

export type SaleRow = OrderRow & {
  customer_id: string | null;
  customer_username: string | null;
  customer_email: string | null;
};

/** Turns order rows into orders, reading their lines and refunds with one query each per batch. */
export const createOrderReader = (db: Database) => {
  // One text per batch size: pages come in a few sizes, so each is prepared once.
  const statement = createStatementCache(db);
  const childrenOf = <Row extends { order_id: string }>(
    sqlFor: (placeholders: string) => string,
    orderIds: readonly string[],
  ): Map<string, Row[]> => {
    const byOrder = new Map<string, Row[]>();
    for (let start = 0; start < orderIds.length; start += ORDERS_PER_QUERY) {
      const slice = orderIds.slice(start, start + ORDERS_PER_QUERY);
      const rows = statement<string[], Row>(sqlFor(slice.map(() => '?').join(', '))).all(...slice);
      for (const row of rows) {
        const children = byOrder.get(row.order_id) ?? [];
        children.push(row);
        byOrder.set(row.order_id, children);
      }
    }
    return byOrder;
  };

  const orders = (rows: readonly OrderRow[]): Order[] => {
    const ids = rows.map((row) => row.id);
    const lines = childrenOf<OrderLineRow>(ORDER_CHILDREN_SQL.lines, ids);
    const refunds = childrenOf<OrderRefundRow>(ORDER_CHILDREN_SQL.refunds, ids);
    return rows.map((row) => orderFromRows(row, lines.get(row.id) ?? [], refunds.get(row.id) ?? []));
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
