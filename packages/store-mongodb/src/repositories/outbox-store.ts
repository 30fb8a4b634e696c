import type { OutboxEntry, OutboxSource, OutboxStore } from '@trx-shop/domain';
import type { Collection } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { OutboxHolder, StoredShopEvent } from '../documents.js';
import { eventFromStored } from '../mapping.js';

/** Below every date a JS Date can hold: `$gte` on it is an index range over all of them. */
const EARLIEST_DATE = new Date(-8_640_000_000_000_000);

/**
 * Where each kind of record keeps its outbox. The order of the keys is the tie order across
 * kinds: entries of different records with the same `occurredAt` are not ordered by the port.
 */
const HOLDERS = {
  order: 'orders',
  transaction: 'transactions',
  withdrawal: 'withdrawals',
  user: 'users',
  product: 'products',
  apiKey: 'apiKeys',
  balanceAlert: 'balanceAlerts',
} as const satisfies Record<OutboxSource, keyof ShopCollections>;

const SOURCES = Object.keys(HOLDERS) as OutboxSource[];

interface UnwoundEntry {
  _id: string;
  event: StoredShopEvent;
}

/** The `limit` oldest entries of one collection, picked by the server. */
const oldestOf = async (
  source: OutboxSource,
  holders: Collection<OutboxHolder>,
  limit: number,
): Promise<OutboxEntry[]> => {
  const entries = await holders
    .aggregate<UnwoundEntry>([
      // Only records with an outbox entry; the `<collection>_outbox_occurred` index serves this range.
      { $match: { 'outbox.occurredAt': { $gte: EARLIEST_DATE } } },
      { $project: { outbox: 1 } },
      { $unwind: { path: '$outbox', includeArrayIndex: 'position' } },
      // Ties keep each record's write order, so one change's events are relayed as written.
      { $sort: { 'outbox.occurredAt': 1, _id: 1, position: 1 } },
      { $limit: limit },
      { $project: { _id: 1, event: '$outbox' } },
    ])
    .toArray();
  return entries.map(
    (entry): OutboxEntry => ({ source, sourceId: entry._id, event: eventFromStored(entry.event) }),
  );
};

/*
 * Each kind of record carries its own outbox (see outbox-writes.ts); this reads them across the
 * seven collections. The overall oldest `limit` are among each collection's oldest `limit`, so one
 * aggregation per collection and a merge in Node answer them; the sort is stable, so each
 * collection's own order (and so one write's order) survives ties.
 */
export const createMongoOutboxStore = (
  collections: Pick<ShopCollections, (typeof HOLDERS)[OutboxSource]>,
): OutboxStore => {
  // Only `_id` and `outbox` are read or written, which every holder has alike; the driver's
  // collection types are invariant, so a union of them is not a collection of the common part.
  const holdersOf = (source: OutboxSource): Collection<OutboxHolder> =>
    collections[HOLDERS[source]] as unknown as Collection<OutboxHolder>;

  return {
    async pending(limit) {
      // `$limit` refuses 0.
      if (limit <= 0) return [];
      const perSource = await Promise.all(
        SOURCES.map((source) => oldestOf(source, holdersOf(source), limit)),
      );
      return perSource
        .flat()
        .sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime())
        .slice(0, limit);
    },

    async clear(entries) {
      // By event id, so clearing twice (a relay repeating itself) removes nothing more; one
      // round trip per kind of record, each a batch of single-document updates.
      await Promise.all(
        SOURCES.map(async (source) => {
          const ofSource = entries.filter((entry) => entry.source === source);
          if (ofSource.length === 0) return;
          await holdersOf(source).bulkWrite(
            ofSource.map((entry) => ({
              updateOne: {
                filter: { _id: entry.sourceId },
                update: { $pull: { outbox: { id: entry.event.id } } },
              },
            })),
            { ordered: false },
          );
        }),
      );
    },
  };
};
