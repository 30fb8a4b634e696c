import type { StockChange } from '@trx-shop/domain';
import type { Collection } from 'mongodb';
import type { ProductDocument, StockReservationEntry } from '../documents.js';

/** Far above any real contention (each retry means another writer changed the stock meanwhile). */
const MAX_ATTEMPTS = 1_000;

/*
 * A stock change applied at most once per effect key, without transactions: the product document
 * itself remembers {key, quantity} of each applied change in `stockJournal`, and every write is
 * guarded by `'stockJournal.key': {$ne: key}`, so the stock move and its record are one atomic
 * single-document write. Repeating a key finds the journal entry and returns its first answer.
 */
export const createStockChanges = (
  products: Collection<ProductDocument>,
  catalogue: {
    readonly markFields: () => { readonly [field: string]: string };
    readonly settle: (productId: string, mark: { readonly [field: string]: string }) => Promise<void>;
  },
) => {
  const notYetApplied = (change: StockChange) => ({
    _id: change.productId,
    'stockJournal.key': { $ne: change.effectKey },
  });

  /** The answer of an earlier application of this key, or null (0 for an unknown product). */
  const earlierAnswer = (document: ProductDocument | null, key: string): number | null => {
    if (!document) return 0;
    return document.stockJournal.find((entry) => entry.key === key)?.quantity ?? null;
  };

  /**
   * Moves `delta` and records `moved` if `guard` still holds; with `reservation`, the take also
   * drops that reservation in the same write.
   */
  const writeGuarded = async (
    change: StockChange,
    guard: object,
    delta: number,
    moved: number,
    at: Date,
    reservation: StockReservationEntry | null = null,
  ) => {
    // The stock is public: the write carries its catalogue mark, settled once it landed.
    const mark = catalogue.markFields();
    const result = await products.updateOne(
      {
        ...notYetApplied(change),
        ...guard,
        ...(reservation
          ? { stockReservations: { $elemMatch: { key: reservation.key, quantity: reservation.quantity } } }
          : {}),
      },
      {
        $inc: { stock: delta, ...(reservation ? { reservedStock: -reservation.quantity } : {}) },
        $set: { updatedAt: at, ...mark },
        $push: { stockJournal: { key: change.effectKey, quantity: moved } },
        ...(reservation ? { $pull: { stockReservations: { key: reservation.key } } } : {}),
      },
    );
    if (result.matchedCount !== 1) return false;
    await catalogue.settle(change.productId, mark);
    return true;
  };

  const restore = async (change: StockChange, at: Date): Promise<number> => {
    if (await writeGuarded(change, {}, change.quantity, change.quantity, at)) return change.quantity;
    const document = await products.findOne({ _id: change.productId });
    return earlierAnswer(document, change.effectKey) ?? 0;
  };

  const take = async (change: StockChange, at: Date): Promise<number> => {
    // Fast path without a reservation: enough stock for the whole quantity, decided by the
    // server in one write.
    const whole = { stock: { $gte: change.quantity } };
    if (
      change.reservationKey === undefined &&
      (await writeGuarded(change, whole, -change.quantity, change.quantity, at))
    ) {
      return change.quantity;
    }
    // Otherwise a compare-and-set on the stock value (and the reservation) just read, so a
    // concurrent take in between makes this write miss and retry instead of going below 0.
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const document = await products.findOne({ _id: change.productId });
      const answer = earlierAnswer(document, change.effectKey);
      if (answer !== null || !document) return answer ?? 0;
      const moved = Math.min(Math.max(document.stock, 0), change.quantity);
      const reservation =
        document.stockReservations.find((entry) => entry.key === change.reservationKey) ?? null;
      const reservationGuard =
        change.reservationKey !== undefined && !reservation
          ? { 'stockReservations.key': { $ne: change.reservationKey } }
          : {};
      if (
        await writeGuarded(
          change,
          { stock: document.stock, ...reservationGuard },
          -moved,
          moved,
          at,
          reservation,
        )
      ) {
        return moved;
      }
    }
    throw new Error(
      `stock change ${change.effectKey} on ${change.productId} kept losing its compare-and-set`,
    );
  };

  return {
    apply: (change: StockChange, at: Date): Promise<number> =>
      change.kind === 'take' ? take(change, at) : restore(change, at),

    async forget(productId: string, effectKey: string): Promise<void> {
      await products.updateOne({ _id: productId }, { $pull: { stockJournal: { key: effectKey } } });
    },
  };
};
