import type { OutboxEntry, OutboxStore, ShopEvent } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';

/** Below every date a JS Date can hold: `$gte` on it is an index range over all of them. */
const EARLIEST_DATE = new Date(-8_640_000_000_000_000);

interface UnwoundEntry {
  _id: string;
  event: ShopEvent;
}

/*
 * The outbox lives on the orders (see order-outbox.ts); this reads it across them. The oldest
 * events are picked by the server: unwind every pending order's outbox, sort, limit. Ties in
 * `occurredAt` keep each order's write order, so one change's events are relayed as written.
 */
export const createMongoOutbox = ({ orders }: Pick<ShopCollections, 'orders'>): OutboxStore => ({
  async pending(limit) {
    // `$limit` refuses 0.
    if (limit <= 0) return [];
    const entries = await orders
      .aggregate<UnwoundEntry>([
        // Only orders with an outbox entry; `orders_outbox_occurred` serves this range.
        { $match: { 'outbox.occurredAt': { $gte: EARLIEST_DATE } } },
        { $project: { outbox: 1 } },
        { $unwind: { path: '$outbox', includeArrayIndex: 'position' } },
        { $sort: { 'outbox.occurredAt': 1, _id: 1, position: 1 } },
        { $limit: limit },
        { $project: { _id: 1, event: '$outbox' } },
      ])
      .toArray();
    return entries.map((entry): OutboxEntry => ({ sourceId: entry._id, event: entry.event }));
  },

  async clear(entry) {
    // By event id, so clearing twice (a relay repeating itself) removes nothing more.
    await orders.updateOne({ _id: entry.sourceId }, { $pull: { outbox: { id: entry.event.id } } });
  },
});
