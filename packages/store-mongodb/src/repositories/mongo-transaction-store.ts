import type { TransactionListQuery, TransactionRecord, TransactionStore } from '@trx-shop/domain';
import type { Filter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { TransactionDocument } from '../documents.js';
import { isDuplicateKey } from '../duplicate-key.js';
import { transactionFromDocument, transactionToDocument } from '../mapping.js';
import { findPage } from '../paging.js';

const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;

const listFilter = (userId: string, query: TransactionListQuery): Filter<TransactionDocument> => ({
  userId,
  ...(query.type === undefined ? {} : { type: query.type }),
  ...(query.status === undefined ? {} : { status: query.status }),
});

export const createMongoTransactionStore = ({
  transactions,
}: Pick<ShopCollections, 'transactions'>): TransactionStore => {
  const findOne = async (filter: Filter<TransactionDocument>): Promise<TransactionRecord | null> => {
    const document = await transactions.findOne(filter);
    return document ? transactionFromDocument(document) : null;
  };

  return {
    async insert(record) {
      try {
        await transactions.insertOne(transactionToDocument(record));
        return 'inserted';
      } catch (error) {
        // The unique entry key makes a re-recorded transfer (a retried step 3) a no-op.
        if (isDuplicateKey(error)) return 'exists';
        throw error;
      }
    },

    findById: (id) => findOne({ _id: id }),
    // What the service sent is keyed by its txID alone (ledgerEntryKey); deposits never match.
    findByHash: (hash) => findOne({ entryKey: hash }),

    async findByHashes(hashes) {
      if (hashes.length === 0) return [];
      const documents = await transactions.find({ entryKey: { $in: [...hashes] } }).toArray();
      return documents.map(transactionFromDocument);
    },

    listByUser: (userId, query, page) =>
      findPage(transactions, listFilter(userId, query), page, transactionFromDocument),

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
