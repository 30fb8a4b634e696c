import type { ProductStore, StockReservation } from '@trx-shop/domain';
import type { Collection } from 'mongodb';
import type { ProductDocument } from '../documents.js';

/** Far above any real contention (each retry means another writer changed the product meanwhile). */
const MAX_ATTEMPTS = 1_000;

/*
 * Reservations live inside the product document (`stockReservations`, summed in `reservedStock`),
 * so the availability check and the hold are one guarded single-document write: a compare-and-set
 * on the stock and reserved figures just read, retried when another writer got there first.
 */
export const createStockReservations = (
  products: Collection<ProductDocument>,
): Pick<ProductStore, 'reserveStock' | 'releaseStock' | 'listStockReservations'> => ({
  async reserveStock(reservation: StockReservation) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const product = await products.findOne({ _id: reservation.productId });
      if (!product) return false;
      if (product.stockReservations.some((entry) => entry.key === reservation.key)) return true;
      if (product.stock - product.reservedStock < reservation.quantity) return false;
      const written = await products.updateOne(
        {
          _id: reservation.productId,
          stock: product.stock,
          reservedStock: product.reservedStock,
          'stockReservations.key': { $ne: reservation.key },
        },
        {
          $inc: { reservedStock: reservation.quantity },
          $push: {
            stockReservations: {
              key: reservation.key,
              quantity: reservation.quantity,
              reservedAt: reservation.reservedAt,
            },
          },
        },
      );
      if (written.matchedCount === 1) return true;
    }
    throw new Error(
      `stock reservation ${reservation.key} on ${reservation.productId} kept losing its compare-and-set`,
    );
  },

  async releaseStock(productId, key) {
    const product = await products.findOne({ _id: productId, 'stockReservations.key': key });
    const entry = product?.stockReservations.find((candidate) => candidate.key === key);
    if (!entry) return;
    // Guarded on the entry itself: of two concurrent releases, one decrements.
    await products.updateOne(
      { _id: productId, stockReservations: { $elemMatch: { key, quantity: entry.quantity } } },
      { $inc: { reservedStock: -entry.quantity }, $pull: { stockReservations: { key } } },
    );
  },

  async listStockReservations(before, limit) {
    const documents = await products
      .find({ 'stockReservations.reservedAt': { $lt: before } })
      .project<Pick<ProductDocument, '_id' | 'stockReservations'>>({ stockReservations: 1 })
      .toArray();
    return documents
      .flatMap((document) =>
        document.stockReservations
          .filter((entry) => entry.reservedAt.getTime() < before.getTime())
          .map((entry) => ({
            productId: document._id,
            key: entry.key,
            quantity: entry.quantity,
            reservedAt: entry.reservedAt,
          })),
      )
      .sort((a, b) => a.reservedAt.getTime() - b.reservedAt.getTime())
      .slice(0, limit);
  },
});
