import type { OrderRefund, TransferClaim } from '@trx-shop/domain';
import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import { backfillInBatches } from './backfill.js';
import type { ShopCollections } from './collections.js';
import type { Mutable } from './documents.js';

/** The order fields as stored before partial refunds: at most one refund, no counters. */
interface LegacyOrderDocument {
  _id: string;
  refund?: Mutable<TransferClaim> | null;
  refunds?: Mutable<OrderRefund>[];
  refundClaimedSun?: number;
  refundedSun?: number;
}

/** The counters the refund claim and settlement guards keep, as one legacy refund leaves them. */
const countersOf = (refund: TransferClaim | null | undefined) => ({
  refundClaimedSun: refund && refund.state !== 'failed' ? refund.amountSun : 0,
  refundedSun: refund?.state === 'confirmed' ? refund.amountSun : 0,
});

/**
 * Orders stored before partial refunds hold one `refund` (or none) and no counters: each gets
 * `refunds` and the counters computed from it, and loses `refund`. A refund's id names its
 * transaction record (and so its wallet reservation), hence the record's `_id` when one exists;
 * a refund never recorded gets its txId, which the recovery then gives its record. Batched, and
 * every write is guarded on the counter still missing, so two instances opening at once convert
 * each order once, and a stale batch never overwrites an order converted and changed since.
 */
export const backfillOrderRefunds = async ({ orders, transactions }: ShopCollections): Promise<void> => {
  // The index on the single refund's flag; absent on a new database (the call then fails).
  await orders.dropIndex('orders_refund_recorded').catch(() => undefined);
  // The documents predate OrderDocument's shape.
  const legacyOrders = orders as unknown as Collection<LegacyOrderDocument>;
  // Found by `refundedSun` missing, which the (non-sparse) `orders_refunded` index serves once it
  // is built, so a start with nothing left to convert reads no order; the write below sets both
  // counters at once, so an order leaves the search exactly when the guard stops matching it.
  await backfillInBatches(
    legacyOrders,
    { refundedSun: { $exists: false } },
    { refund: 1 },
    async (batch): Promise<AnyBulkWriteOperation<LegacyOrderDocument>[]> => {
      const recordIds = await refundRecordIds(
        transactions,
        batch.flatMap((document) => (document.refund ? [document.refund.txId] : [])),
      );
      return batch.map(({ _id, refund }) => {
        const refunds = refund
          ? [{ ...refund, id: recordIds.get(refund.txId) ?? refund.txId, reason: null }]
          : [];
        return {
          updateOne: {
            // Guarded on the counter still missing: a batch read before another instance converted
            // the order (and the order then moved on) changes nothing.
            filter: { _id, refundClaimedSun: { $exists: false } },
            update: { $set: { refunds, ...countersOf(refund) }, $unset: { refund: '' } },
          },
        };
      });
    },
  );
};

/**
 * The `_id` of the refund record of each txId. A refund's ledger entry key is its txId, so the
 * unique entry-key index serves the lookup (the ledger-key backfill has run before).
 */
const refundRecordIds = async (
  transactions: ShopCollections['transactions'],
  txIds: readonly string[],
): Promise<ReadonlyMap<string, string>> => {
  if (txIds.length === 0) return new Map();
  const records = await transactions
    .find({ entryKey: { $in: [...txIds] }, type: 'refund' }, { projection: { transactionHash: 1 } })
    .toArray();
  return new Map(records.map((record) => [record.transactionHash, record._id]));
};
