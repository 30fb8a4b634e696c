import type { AnyBulkWriteOperation, Collection, Document, Filter, WithId } from 'mongodb';

/** Until a key field exists on every document, a unique index on it cannot be built. */
export const BACKFILL_BATCH = 1_000;

/**
 * Converts the documents `missing` selects, a batch of `BACKFILL_BATCH` at a time (`projection`
 * read), until none is left. Each batch's writes must take their documents out of `missing`
 * (or find them out of it already), else the loop never ends.
 */
export const backfillInBatches = async <TDocument extends Document>(
  collection: Collection<TDocument>,
  missing: Filter<TDocument>,
  projection: Document,
  writesOf: (
    batch: WithId<TDocument>[],
  ) => AnyBulkWriteOperation<TDocument>[] | Promise<AnyBulkWriteOperation<TDocument>[]>,
): Promise<void> => {
  for (;;) {
    const batch = await collection.find(missing, { projection }).limit(BACKFILL_BATCH).toArray();
    if (batch.length === 0) return;
    await collection.bulkWrite(await writesOf(batch));
  }
};
