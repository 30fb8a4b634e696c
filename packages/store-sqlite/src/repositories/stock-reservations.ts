import type { ProductStore, StockReservation } from '@trx-shop/domain';
import { type Database, immediate } from '../sqlite-database.js';

interface ReservationRow {
  product_id: string;
  reservation_key: string;
  quantity: number;
  reserved_at: number;
}

const reservationFromRow = (row: ReservationRow): StockReservation => ({
  productId: row.product_id,
  key: row.reservation_key,
  quantity: row.quantity,
  reservedAt: new Date(row.reserved_at),
});

/**
 * Stock reservations: the row and the product's reserved_stock change in one IMMEDIATE
 * transaction, so the availability check and the hold cannot be interleaved by another
 * connection or process (the write lock serializes them).
 */
export const createSqliteStockReservations = (
  db: Database,
): Pick<ProductStore, 'reserveStock' | 'releaseStock' | 'listStockReservations'> & {
  /** Drops `key` inside the caller's transaction; answers the quantity it held (0 if none). */
  readonly dropInTransaction: (productId: string, key: string) => number;
} => {
  const held = db.prepare<[string, string], { quantity: number }>(
    'SELECT quantity FROM stock_reservations WHERE product_id = ? AND reservation_key = ?',
  );
  const availability = db.prepare<[string], { stock: number; reserved_stock: number }>(
    'SELECT stock, reserved_stock FROM products WHERE id = ?',
  );
  const insert = db.prepare(
    'INSERT INTO stock_reservations (product_id, reservation_key, quantity, reserved_at) VALUES (?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM stock_reservations WHERE product_id = ? AND reservation_key = ?');
  const adjust = db.prepare('UPDATE products SET reserved_stock = reserved_stock + ? WHERE id = ?');
  const before = db.prepare<[number, number], ReservationRow>(
    'SELECT * FROM stock_reservations WHERE reserved_at < ? ORDER BY reserved_at LIMIT ?',
  );

  const dropInTransaction = (productId: string, key: string): number => {
    const reservation = held.get(productId, key);
    if (!reservation) return 0;
    remove.run(productId, key);
    adjust.run(-reservation.quantity, productId);
    return reservation.quantity;
  };

  return {
    dropInTransaction,

    async reserveStock(reservation) {
      return immediate(db, () => {
        if (held.get(reservation.productId, reservation.key)) return true;
        const product = availability.get(reservation.productId);
        if (!product || product.stock - product.reserved_stock < reservation.quantity) return false;
        insert.run(
          reservation.productId,
          reservation.key,
          reservation.quantity,
          reservation.reservedAt.getTime(),
        );
        adjust.run(reservation.quantity, reservation.productId);
        return true;
      });
    },

    async releaseStock(productId, key) {
      immediate(db, () => dropInTransaction(productId, key));
    },

    async listStockReservations(beforeDate, limit) {
      return before.all(beforeDate.getTime(), limit).map(reservationFromRow);
    },
  };
};
