import {
  INCOMING_TYPES,
  receivedEntryKey,
  OUTGOING_TYPES,
  type TransactionListQuery,
  type TransactionRecord,
  type TransactionStore,
  type WalletMovementQuery,
} from '@trx-shop/domain';
import type { Filter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { TransactionDocument } from '../documents.js';
import { isDuplicateKey, refusedWrites } from '../duplicate-key.js';
import { transactionFromDocument, transactionToDocument } from '../mapping.js';
import { findPage } from '../paging.js';

const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;
const BLOCK_ORDER = { blockNumber: 1, _id: 1 } as const;

const listFilter = (userId: string, query: TransactionListQuery): Filter<TransactionDocument> => ({
  userId,
  ...(query.type === undefined ? {} : { type: query.type }),
  ...(query.status === undefined ? {} : { status: query.status }),
});

/** The query's own filters (type, status, createdAt range), beside the movement condition. */
const queryFilters = (query: WalletMovementQuery): Filter<TransactionDocument>[] => [
  ...(query.type === undefined ? [] : [{ type: query.type }]),
  ...(query.status === undefined ? [] : [{ status: query.status }]),
  ...(query.from === undefined ? [] : [{ createdAt: { $gte: query.from } }]),
  ...(query.to === undefined ? [] : [{ createdAt: { $lt: query.to } }]),
];
const incoming = (address: string): Filter<TransactionDocument> => ({
  toAddress: address,
  type: { $in: [...INCOMING_TYPES] },
});
const outgoing = (address: string): Filter<TransactionDocument> => ({
  fromAddress: address,
  type: { $in: [...OUTGOING_TYPES] },
});
/** What went out and did not also come back in: a wallet paying itself is an incoming movement. */
const outgoingOnly = (address: string): Filter<TransactionDocument> => ({
  $and: [outgoing(address), { $nor: [incoming(address)] }],
});
const all = (...filters: Filter<TransactionDocument>[]): Filter<TransactionDocument> => ({ $and: filters });

export const createMongoTransactionStore = ({
  transactions,
}: Pick<ShopCollections, 'transactions'>): TransactionStore => {
  const findOne = async (filter: Filter<TransactionDocument>): Promise<TransactionRecord | null> => {
    const document = await transactions.findOne(filter);
    return document ? transactionFromDocument(document) : null;
  };

  return {
    async insert(record, events) {
      try {
        // The events ride in the inserted document: a refused insert writes none.
        await transactions.insertOne(transactionToDocument(record, events));
        return 'inserted';
      } catch (error) {
        // The unique entry key makes a re-recorded transfer (a retried step 3) a no-op.
        if (isDuplicateKey(error)) return 'exists';
        throw error;
      }
    },

    async insertMany(records, events) {
      if (records.length === 0) return [];
      const outcomes = records.map((): 'inserted' | 'exists' => 'inserted');
      try {
        // Unordered: a duplicate refuses only itself, and the rest still go in one round trip.
        await transactions.insertMany(
          records.map((record, index) => transactionToDocument(record, events?.[index])),
          { ordered: false },
        );
      } catch (error) {
        const refused = refusedWrites(error);
        if (refused === null) throw error;
        for (const { index, duplicate } of refused) {
          if (!duplicate) throw error;
          outcomes[index] = 'exists';
        }
      }
      return outcomes;
    },

    findById: (id) => findOne({ _id: id }),
    // What the service sent is keyed by its txID alone (ledgerEntryKey); deposits never match.
    findByHash: (hash) => findOne({ entryKey: hash }),

    findReceived: (txId, toAddress) =>
      findOne({
        entryKey: receivedEntryKey(txId, toAddress),
      }),

    async linkReceived(id, step, at) {
      const result =
        step.kind === 'bind'
          ? await transactions.updateOne(
              { _id: id, type: 'deposit', orderId: null },
              { $set: { orderId: step.orderId, updatedAt: at } },
            )
          : await transactions.updateOne(
              { _id: id, type: 'deposit', orderId: step.orderId },
              {
                $set:
                  step.kind === 'unbind'
                    ? { orderId: null, updatedAt: at }
                    : { type: 'purchase', userId: step.userId, effectApplied: false, updatedAt: at },
              },
            );
      return result.matchedCount === 1;
    },

    async findByHashes(hashes) {
      if (hashes.length === 0) return [];
      const documents = await transactions.find({ entryKey: { $in: [...hashes] } }).toArray();
      return documents.map(transactionFromDocument);
    },

    async listByHashes(hashes) {
      if (hashes.length === 0) return [];
      const documents = await transactions.find({ transactionHash: { $in: [...hashes] } }).toArray();
      return documents.map(transactionFromDocument);
    },

    async listConfirmedInBlocks(blocks, after, limit) {
      // A position inside the range starts the index range at its block; the $or then skips
      // that block's lines up to it.
      const start = after !== null && after.blockNumber >= blocks.from ? after : null;
      const documents = await transactions
        .find({
          status: 'confirmed',
          blockNumber: { $gte: start?.blockNumber ?? blocks.from, $lte: blocks.to },
          ...(start === null
            ? {}
            : {
                $or: [
                  { blockNumber: { $gt: start.blockNumber } },
                  { blockNumber: start.blockNumber, _id: { $gt: start.id } },
                ],
              }),
        })
        .sort(BLOCK_ORDER)
        .limit(limit)
        .toArray();
      return documents.map(transactionFromDocument);
    },

    listByUser: (userId, query, page) =>
      findPage(transactions, listFilter(userId, query), page, transactionFromDocument),

    listWalletMovements: (address, query, page) =>
      findPage(
        transactions,
        all({ $or: [incoming(address), outgoing(address)] }, ...queryFilters(query)),
        page,
        transactionFromDocument,
      ),

    async *streamWalletMovements(address) {
      // The driver's cursor fetches in batches: memory holds one batch, not the whole ledger.
      const cursor = transactions
        .find({ $or: [incoming(address), outgoing(address)] })
        .sort({ createdAt: 1, _id: 1 })
        .batchSize(500);
      for await (const document of cursor) yield transactionFromDocument(document);
    },

    async walletMovementTotals(address, query) {
      // Two plain sums: one over what came in, one per type over what went out.
      const [received, sent] = await Promise.all([
        transactions
          .aggregate<{ sum: number }>([
            { $match: all(incoming(address), ...queryFilters(query)) },
            { $group: { _id: null, sum: { $sum: '$amountSun' } } },
          ])
          .toArray(),
        transactions
          .aggregate<{ _id: string; sum: number }>([
            { $match: all(outgoingOnly(address), ...queryFilters(query)) },
            { $group: { _id: '$type', sum: { $sum: '$amountSun' } } },
          ])
          .toArray(),
      ]);
      const feesSun = sent.find((group) => group._id === 'fee')?.sum ?? 0;
      const outSun = sent.reduce((total, group) => total + group.sum, 0) - feesSun;
      return { inSun: received[0]?.sum ?? 0, outSun, feesSun };
    },

    async walletConfirmedNet(address, through, after) {
      const bound: Filter<TransactionDocument>[] = [
        ...(through === null
          ? []
          : [
              {
                $or: [
                  { createdAt: { $lt: through.createdAt } },
                  { createdAt: through.createdAt, _id: { $lte: through.id } },
                ],
              },
            ]),
        ...(after === undefined
          ? []
          : [
              {
                $or: [
                  { createdAt: { $gt: after.createdAt } },
                  { createdAt: after.createdAt, _id: { $gt: after.id } },
                ],
              },
            ]),
      ];
      const sumOf = async (movement: Filter<TransactionDocument>) =>
        (
          await transactions
            .aggregate<{ sum: number }>([
              { $match: all(movement, { status: 'confirmed' }, ...bound) },
              { $group: { _id: null, sum: { $sum: '$amountSun' } } },
            ])
            .toArray()
        )[0]?.sum ?? 0;
      const [received, sent] = await Promise.all([sumOf(incoming(address)), sumOf(outgoingOnly(address))]);
      return received - sent;
    },

    async listPending(limit) {
      const documents = await transactions
        .find({ status: 'pending' })
        .sort(OLDEST_FIRST)
        .limit(limit)
        .toArray();
      return documents.map(transactionFromDocument);
    },

    async listAwaitingEffect(limit) {
      const documents = await transactions
        .find({ effectApplied: false, status: { $in: ['confirmed', 'failed'] } })
        .sort(OLDEST_FIRST)
        .limit(limit)
        .toArray();
      return documents.map(transactionFromDocument);
    },

    async pendingOutgoingSun(address) {
      const [row] = await transactions
        .aggregate<{ sum: number }>([
          { $match: { fromAddress: address, status: 'pending' } },
          { $group: { _id: null, sum: { $sum: '$amountSun' } } },
        ])
        .toArray();
      return row?.sum ?? 0;
    },

    async markConfirmed(id, confirmation) {
      const result = await transactions.updateOne(
        { _id: id, status: 'pending' },
        {
          $set: {
            status: 'confirmed',
            blockNumber: confirmation.blockNumber,
            feeSun: confirmation.feeSun,
            confirmations: confirmation.confirmations,
            updatedAt: confirmation.at,
          },
        },
      );
      return result.matchedCount === 1;
    },

    async markFailed(id, reason, at) {
      const result = await transactions.updateOne(
        { _id: id, status: 'pending' },
        { $set: { status: 'failed', failureReason: reason, updatedAt: at } },
      );
      return result.matchedCount === 1;
    },

    async markEffectApplied(id, at) {
      await transactions.updateOne({ _id: id }, { $set: { effectApplied: true, updatedAt: at } });
    },
  };
};
