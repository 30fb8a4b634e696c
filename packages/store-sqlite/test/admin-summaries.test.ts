import type { OrderStatus } from '@trx-shop/domain';
import { buildOrder, buildOrderLine, buildUser, newObjectId, seededRandom } from '@trx-shop/store-contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDashboardReadModel } from '../src/read-models/dashboard-read-model.js';
import { createSqliteOrderStore } from '../src/repositories/order-store.js';
import { createSqliteUserStore } from '../src/repositories/user-store.js';
import { migrate } from '../src/schema/migrate.js';
import type { Database } from '../src/sqlite-database.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';

const DAY_MS = 86_400_000;
const STATUSES: readonly OrderStatus[] = ['completed', 'refunded', 'failed', 'cancelled'];

/** What the triggers keep, recounted from the orders, lines and users themselves. */
const RECOUNT = {
  dayTotals:
    "SELECT o.status, o.created_at / 86400000 - (o.created_at % 86400000 < 0) AS utc_day, COALESCE(u.role = 'user', 0) AS customer, " +
    'COUNT(*) AS order_count, SUM(o.total_sun) AS total_sun, SUM(o.network_fee_sun) AS network_fee_sun ' +
    'FROM orders o LEFT JOIN users u ON u.id = o.user_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
  completedLines:
    'SELECT l.order_id, l.line_index, l.product_id, o.created_at, l.quantity, l.price_sun * l.quantity AS revenue_sun ' +
    "FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.status = 'completed' ORDER BY 1, 2",
  productSales:
    'SELECT l.product_id, COUNT(*) AS line_count, SUM(l.quantity) AS quantity, SUM(l.price_sun * l.quantity) AS revenue_sun ' +
    "FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.status = 'completed' GROUP BY 1 ORDER BY 1",
  refundTotals:
    'SELECT status, SUM(refunded_sun) AS refunded_sun FROM orders GROUP BY 1 HAVING SUM(refunded_sun) <> 0 ORDER BY 1',
};
const KEPT = {
  dayTotals:
    'SELECT status, utc_day, customer, order_count, total_sun, network_fee_sun FROM order_day_totals ' +
    'WHERE order_count <> 0 ORDER BY 1, 2, 3',
  completedLines:
    'SELECT order_id, line_index, product_id, created_at, quantity, revenue_sun FROM completed_lines ORDER BY 1, 2',
  productSales:
    'SELECT product_id, line_count, quantity, revenue_sun FROM product_sales WHERE line_count <> 0 ORDER BY 1',
  // Every row, zeros too: an order without refunds writes none (migration 6's triggers), and here
  // every status keeps refunded orders, so none drains to 0 either.
  refundTotals: 'SELECT status, refunded_sun FROM order_refund_totals ORDER BY 1',
};

let db: Database;
beforeEach(() => {
  db = new SqliteDatabase(':memory:');
  migrate(db);
});
afterEach(() => db.close());

const expectSummariesToMatchARecount = () => {
  expect(db.prepare(KEPT.dayTotals).all()).toEqual(db.prepare(RECOUNT.dayTotals).all());
  expect(db.prepare(KEPT.completedLines).all()).toEqual(db.prepare(RECOUNT.completedLines).all());
  expect(db.prepare(KEPT.productSales).all()).toEqual(db.prepare(RECOUNT.productSales).all());
  expect(db.prepare(KEPT.refundTotals).all()).toEqual(db.prepare(RECOUNT.refundTotals).all());
};

describe('admin summaries kept by triggers', () => {
  it('match a recount after inserts, status changes, role changes and deletes', async () => {
    const random = seededRandom(7);
    const users = createSqliteUserStore(db);
    const orders = createSqliteOrderStore(db);
    const customers = Array.from({ length: 6 }, (_, i) => buildUser({ role: i === 0 ? 'admin' : 'user' }));
    for (const user of customers.slice(0, 4)) await users.insert(user);
    const products = Array.from({ length: 4 }, () => newObjectId());
    const ids: string[] = [];
    // Before 1970 too: the UTC day of a negative instant is floored, not truncated.
    for (let i = 0; i < 60; i++) {
      const createdAt = new Date(random.integer(-3 * DAY_MS, 5 * DAY_MS));
      const lines = Array.from({ length: random.integer(1, 3) }, () =>
        buildOrderLine({ productId: random.pick(products), quantity: random.integer(1, 4) }),
      );
      const order = buildOrder({ userId: random.pick(customers).id, lines, createdAt, updatedAt: createdAt });
      // Some with confirmed refunds already counted (migration 6 keeps them per status).
      const refundedSun = random.integer(0, 1) * random.integer(1, 1_000_000);
      const created = await orders.create({
        ...order,
        status: random.pick(STATUSES),
        refundClaimedSun: refundedSun,
        refundedSun,
      });
      if (created.ok) ids.push(order.id);
    }
    expectSummariesToMatchARecount();

    for (const id of ids.slice(0, 20)) {
      await orders.changeStatus(id, { from: [...STATUSES], to: random.pick(STATUSES), at: new Date() });
    }
    expectSummariesToMatchARecount();

    // Users who registered after their orders were written, a role change and a deleted user.
    for (const user of customers.slice(4)) await users.insert(user);
    db.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(customers[1]?.id);
    db.prepare("UPDATE users SET role = 'user' WHERE id = ?").run(customers[0]?.id);
    db.prepare('DELETE FROM users WHERE id = ?').run(customers[2]?.id);
    expectSummariesToMatchARecount();

    const completed = db
      .prepare<[], { id: string }>("SELECT id FROM orders WHERE status = 'completed' ORDER BY id LIMIT 5")
      .all()
      .map((row) => row.id);
    expect(completed).toHaveLength(5);
    db.prepare('UPDATE orders SET total_sun = total_sun + 5, created_at = created_at + ? WHERE id = ?').run(
      DAY_MS,
      completed[0],
    );
    db.prepare('UPDATE order_lines SET quantity = quantity + 1 WHERE order_id = ?').run(completed[1]);
    // A refund confirmed on a completed order, and one changing both status and amount at once.
    db.prepare('UPDATE orders SET refunded_sun = refunded_sun + 7 WHERE id = ?').run(completed[0]);
    db.prepare("UPDATE orders SET refunded_sun = refunded_sun + 11, status = 'refunded' WHERE id = ?").run(
      completed[1],
    );
    db.prepare('UPDATE order_lines SET line_index = line_index + 10 WHERE order_id = ?').run(completed[1]);
    db.prepare('DELETE FROM order_lines WHERE order_id = ?').run(completed[2]);
    db.prepare('DELETE FROM orders WHERE id IN (?, ?)').run(completed[3], completed[4]);
    expectSummariesToMatchARecount();
  });

  it('writes no refund totals for orders without refunds, and reads a status without any as 0', async () => {
    const orders = createSqliteOrderStore(db);
    const dashboard = createSqliteDashboardReadModel(db);
    const refundTotals = () => db.prepare(KEPT.refundTotals).all();
    const refundFigures = async () => {
      const at = { from: new Date(0), to: new Date(1) };
      const { totals } = await dashboard.dashboard({
        windows: { current: at, previous: at },
        chartFrom: new Date(0),
        recentSalesLimit: 1,
        topProductsLimit: 1,
      });
      return { refundedSun: totals.refundedSun, completedRefundedSun: totals.completedRefundedSun };
    };
    const none = { refundedSun: 0, completedRefundedSun: 0 };

    const ids: string[] = [];
    for (const status of STATUSES) {
      const order = buildOrder({ status });
      expect((await orders.create(order)).ok).toBe(true);
      ids.push(order.id);
    }
    // Every status change of every order, and a delete: none of them has a refund to move.
    for (const id of ids) {
      for (const to of STATUSES) await orders.changeStatus(id, { from: [...STATUSES], to, at: new Date() });
    }
    db.prepare('DELETE FROM orders WHERE id = ?').run(ids[0]);
    expect(refundTotals()).toEqual([]);
    expect(await refundFigures()).toEqual(none);

    // A refund confirmed as the order leaves a status with none (no row of zeros for it), then
    // its order deleted: the status's row stays, drained to 0.
    db.prepare("UPDATE orders SET status = 'completed', refunded_sun = 5 WHERE id = ?").run(ids[1]);
    expect(refundTotals()).toEqual([{ status: 'completed', refunded_sun: 5 }]);
    expect(await refundFigures()).toEqual({ refundedSun: 5, completedRefundedSun: 5 });
    db.prepare('DELETE FROM orders WHERE id = ?').run(ids[1]);
    expect(refundTotals()).toEqual([{ status: 'completed', refunded_sun: 0 }]);
    expect(await refundFigures()).toEqual(none);
  });
});
