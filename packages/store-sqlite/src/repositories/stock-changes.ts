import type { ProductStore, StockChange } from '@trx-shop/domain';
import { type Database, immediate } from '../sqlite-database.js';

/**
 * Stock moves at most once per effect key: the journal row (stock_effects) and the stock update
 * commit in one IMMEDIATE transaction, so a crash leaves either both or neither, and concurrent
 * takes from other processes serialize on the write lock (stock never goes below 0).
 */
export const createSqliteStockChanges = (
  db: Database,
  dropReservation: (productId: string, key: string) => number,
): Pick<ProductStore, 'applyStockChange' | 'forgetStockChange'> => {
  const journalEntry = db.prepare<[string, string], { quantity: number }>(
    'SELECT quantity FROM stock_effects WHERE product_id = ? AND effect_key = ?',
  );
  const stockOf = db.prepare<[string], { stock: number }>('SELECT stock FROM products WHERE id = ?');
  const setStock = db.prepare('UPDATE products SET stock = ?, updated_at = ? WHERE id = ?');
  const journal = db.prepare('INSERT INTO stock_effects (product_id, effect_key, quantity) VALUES (?, ?, ?)');
  const forget = db.prepare('DELETE FROM stock_effects WHERE product_id = ? AND effect_key = ?');

  return {
    async applyStockChange(change: StockChange, at: Date) {
      return immediate(db, () => {
        const earlier = journalEntry.get(change.productId, change.effectKey);
        if (earlier) return earlier.quantity;
        const product = stockOf.get(change.productId);
        if (!product) return 0;
        const moved =
          change.kind === 'take' ? Math.min(product.stock, Math.max(0, change.quantity)) : change.quantity;
        const stock = change.kind === 'take' ? product.stock - moved : product.stock + moved;
        setStock.run(stock, at.getTime(), change.productId);
        journal.run(change.productId, change.effectKey, moved);
        if (change.reservationKey !== undefined) dropReservation(change.productId, change.reservationKey);
        return moved;
      });
    },

    async forgetStockChange(productId, effectKey) {
      forget.run(productId, effectKey);
    },
  };
};
