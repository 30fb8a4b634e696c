import { writeOutbox } from './outbox-store.js';
import {
  type Product,
  type ProductStore,
  productSearchNeedle,
  productSearchText,
  type StockReservation,
} from '@trx-shop/domain';
import { newestFirst, pageFrom, type Tables } from './tables.js';
import { moveVersion } from './version-store.js';

export const createMemoryProductStore = ({
  products,
  versions,
  stockJournal,
  stockReservations,
  outbox,
}: Pick<Tables, 'products' | 'versions' | 'stockJournal' | 'stockReservations' | 'outbox'>): ProductStore => {
  const publicChange = () => moveVersion(versions, { kind: 'catalogue' });
  const journalOf = (productId: string) => {
    const journal = stockJournal.get(productId) ?? new Map<string, number>();
    stockJournal.set(productId, journal);
    return journal;
  };
  const reservationsOf = (productId: string) => {
    const held = stockReservations.get(productId) ?? new Map<string, StockReservation>();
    stockReservations.set(productId, held);
    return held;
  };
  /** Drops a reservation and lowers the product's reserved figure; answers what it held. */
  const dropReservation = (productId: string, key: string): number => {
    const held = stockReservations.get(productId)?.get(key);
    const product = products.get(productId);
    if (!held || !product) return 0;
    stockReservations.get(productId)?.delete(key);
    products.set(productId, { ...product, reservedStock: product.reservedStock - held.quantity });
    return held.quantity;
  };

  return {
    async insert(product, events) {
      products.set(product.id, product);
      publicChange();
      writeOutbox({ outbox }, 'product', product.id, events);
      return product;
    },

    async findById(id) {
      return products.get(id) ?? null;
    },

    async findManyByIds(ids) {
      return [...new Set(ids)].flatMap((id) => {
        const product = products.get(id);
        return product ? [product] : [];
      });
    },

    async list(query, page) {
      const matching = [...products.values()]
        .filter((product) => !query.activeOnly || product.isActive)
        .filter((product) => query.category === undefined || product.category === query.category)
        .filter(
          (product) =>
            !query.search ||
            productSearchText(product.name, product.description).includes(productSearchNeedle(query.search)),
        )
        .sort(newestFirst);
      return pageFrom(matching, page);
    },

    async update(id, patch, at, events) {
      const current = products.get(id);
      if (!current) return null;
      const next: Product = {
        ...current,
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.priceSun === undefined ? {} : { priceSun: patch.priceSun }),
        ...(patch.priceUsdt === undefined ? {} : { priceUsdt: patch.priceUsdt }),
        ...(patch.category === undefined ? {} : { category: patch.category }),
        ...(patch.stock === undefined ? {} : { stock: patch.stock }),
        ...(patch.image === undefined ? {} : { image: patch.image }),
        ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
        updatedAt: at,
      };
      products.set(id, next);
      publicChange();
      writeOutbox({ outbox }, 'product', id, events);
      return next;
    },

    async applyStockChange(change, at) {
      const earlier = stockJournal.get(change.productId)?.get(change.effectKey);
      if (earlier !== undefined) return earlier;
      const product = products.get(change.productId);
      if (!product) return 0;
      const moved =
        change.kind === 'take' ? Math.min(product.stock, Math.max(0, change.quantity)) : change.quantity;
      products.set(product.id, {
        ...product,
        stock: change.kind === 'take' ? product.stock - moved : product.stock + moved,
        updatedAt: at,
      });
      publicChange();
      journalOf(product.id).set(change.effectKey, moved);
      if (change.reservationKey !== undefined) dropReservation(product.id, change.reservationKey);
      return moved;
    },

    async forgetStockChange(productId, effectKey) {
      stockJournal.get(productId)?.delete(effectKey);
    },

    async reserveStock(reservation) {
      const product = products.get(reservation.productId);
      if (!product) return false;
      const held = reservationsOf(product.id);
      if (held.has(reservation.key)) return true;
      if (product.stock - product.reservedStock < reservation.quantity) return false;
      held.set(reservation.key, reservation);
      products.set(product.id, { ...product, reservedStock: product.reservedStock + reservation.quantity });
      return true;
    },

    async releaseStock(productId, key) {
      dropReservation(productId, key);
    },

    async listStockReservations(before, limit) {
      return [...stockReservations.values()]
        .flatMap((held) => [...held.values()])
        .filter((reservation) => reservation.reservedAt.getTime() < before.getTime())
        .sort((a, b) => a.reservedAt.getTime() - b.reservedAt.getTime())
        .slice(0, limit);
    },

    async count() {
      return products.size;
    },
  };
};
