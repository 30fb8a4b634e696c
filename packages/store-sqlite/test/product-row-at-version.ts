import type { Database } from 'better-sqlite3';
import type { Product } from '@trx-shop/domain';
import { productToRow } from '../src/rows/product-row.js';

/**
 * Inserts a product into a file migrated only so far: the columns its `products` table has then
 * (a later migration's columns, such as `price_usdt`, are left for that migration to add).
 */
export const insertProductAtVersion = (db: Database, product: Product): void => {
  const present = new Set(
    db
      .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
      .all('products')
      .map((column) => column.name),
  );
  const row = Object.fromEntries(
    Object.entries(productToRow(product)).filter(([column]) => present.has(column)),
  );
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO products (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  ).run(row);
};
