import {
  offsetOf,
  type Product,
  type ProductPatch,
  type ProductQuery,
  type ProductStore,
  pageOf,
  productSearchNeedle,
  productSearchText,
  type ShopEvent,
} from '@trx-shop/domain';
import { PRODUCT_COLUMNS, type ProductRow, productFromRow, productToRow } from '../rows/product-row.js';
import { type Database, flag, immediate } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { createEventWriter } from './event-writer.js';
import { createSqliteStockChanges } from './stock-changes.js';
import { createSqliteStockReservations } from './stock-reservations.js';

/** Which filters a list query has; each combination is served by its own index. */
export interface ProductFilterShape {
  readonly search: boolean;
  readonly category: boolean;
  readonly activeOnly: boolean;
}

const productWhere = (shape: ProductFilterShape): string => {
  const conditions: string[] = [];
  if (shape.activeOnly) conditions.push('is_active = 1');
  if (shape.category) conditions.push('category = @category');
  // instr() matches literally: no LIKE wildcard or regex metacharacter to escape.
  if (shape.search) conditions.push('instr(search_text, @needle) > 0');
  return conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
};

export const PRODUCT_SQL = {
  byId: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ?`,
  byIds: (count: number) =>
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id IN (${Array.from({ length: count }, () => '?').join(', ')})`,
  page: (shape: ProductFilterShape) =>
    `SELECT ${PRODUCT_COLUMNS} FROM products ${productWhere(shape)} ORDER BY created_at DESC, id DESC ` +
    'LIMIT @limit OFFSET @offset',
  count: (shape: ProductFilterShape) => `SELECT COUNT(*) AS n FROM products ${productWhere(shape)}`,
} as const;

const INSERT_PRODUCT = `INSERT INTO products (${PRODUCT_COLUMNS}) VALUES (${PRODUCT_COLUMNS.split(', ')
  .map((column) => `@${column}`)
  .join(', ')})`;

/** SQLite allows 32766 bound parameters; batches stay far below. */
const IDS_PER_QUERY = 500;

export const createSqliteProductStore = (db: Database): ProductStore => {
  const byId = db.prepare<[string], ProductRow>(PRODUCT_SQL.byId);
  const find = (id: string): Product | null => {
    const row = byId.get(id);
    return row ? productFromRow(row) : null;
  };
  const reservations = createSqliteStockReservations(db);
  const stock = createSqliteStockChanges(db, reservations.dropInTransaction);
  const statement = createStatementCache(db);
  const logEvents = createEventWriter(db);

  return {
    async insert(product, events) {
      return immediate(db, () => {
        statement(INSERT_PRODUCT).run(productToRow(product));
        logEvents(events);
        return product;
      });
    },

    async findById(id) {
      return find(id);
    },

    async findManyByIds(ids) {
      const unique = [...new Set(ids)];
      const products: Product[] = [];
      for (let start = 0; start < unique.length; start += IDS_PER_QUERY) {
        const slice = unique.slice(start, start + IDS_PER_QUERY);
        const rows = statement<string[], ProductRow>(PRODUCT_SQL.byIds(slice.length)).all(...slice);
        products.push(...rows.map(productFromRow));
      }
      return products;
    },

    async list(query: ProductQuery, page) {
      const shape = {
        search: query.search !== undefined && query.search !== '',
        category: query.category !== undefined,
        activeOnly: query.activeOnly === true,
      };
      const params = {
        ...(shape.search ? { needle: productSearchNeedle(query.search ?? '') } : {}),
        ...(shape.category ? { category: query.category } : {}),
      };
      const read = db.transaction(() => {
        const rows = statement<Record<string, unknown>, ProductRow>(PRODUCT_SQL.page(shape)).all({
          ...params,
          limit: page.limit,
          offset: offsetOf(page),
        });
        const total = statement<Record<string, unknown>, { n: number }>(PRODUCT_SQL.count(shape)).get(
          params,
        )?.n;
        return pageOf(rows.map(productFromRow), total ?? 0, page);
      });
      return read();
    },

    async update(id: string, patch: ProductPatch, at: Date, events?: readonly ShopEvent[]) {
      return immediate(db, () => {
        const current = find(id);
        if (!current) return null;
        const next: Product = {
          ...current,
          name: patch.name ?? current.name,
          description: patch.description ?? current.description,
          priceSun: patch.priceSun ?? current.priceSun,
          priceUsdt: patch.priceUsdt === undefined ? current.priceUsdt : patch.priceUsdt,
          category: patch.category ?? current.category,
          stock: patch.stock ?? current.stock,
          image: patch.image ?? current.image,
          isActive: patch.isActive ?? current.isActive,
          updatedAt: at,
        };
        statement(
          'UPDATE products SET name = @name, description = @description, search_text = @search_text, ' +
            'price_sun = @price_sun, price_usdt = @price_usdt, category = @category, stock = @stock, image = @image, ' +
            'is_active = @is_active, updated_at = @updated_at WHERE id = @id',
        ).run({
          id,
          name: next.name,
          description: next.description,
          search_text: productSearchText(next.name, next.description),
          price_sun: next.priceSun,
          price_usdt: next.priceUsdt,
          category: next.category,
          stock: next.stock,
          image: next.image,
          is_active: flag(next.isActive),
          updated_at: at.getTime(),
        });
        logEvents(events);
        return next;
      });
    },

    applyStockChange: stock.applyStockChange,
    forgetStockChange: stock.forgetStockChange,
    reserveStock: reservations.reserveStock,
    releaseStock: reservations.releaseStock,
    listStockReservations: reservations.listStockReservations,

    async count() {
      return statement<[], { n: number }>('SELECT COUNT(*) AS n FROM products').get()?.n ?? 0;
    },
  };
};
