import type { ReconciliationStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';

/** The one report document: each save replaces it, so only the latest is ever kept. */
const LATEST = 'latest';

/**
 * Reconciliation's state beside the ledger, so every instance and the CLI share it. Each write is
 * one single-document operation: the report an upsert of the fixed `_id`, an opening an insert
 * keyed by its address, so of concurrent runs the first opening stays and the others are refused.
 */
export const createMongoReconciliationStore = ({
  reconciliationReports,
  walletOpenings,
}: Pick<ShopCollections, 'reconciliationReports' | 'walletOpenings'>): ReconciliationStore => ({
  async saveReport(report) {
    await reconciliationReports.replaceOne({ _id: LATEST }, { report }, { upsert: true });
  },

  async latestReport() {
    return (await reconciliationReports.findOne({ _id: LATEST }))?.report ?? null;
  },

  async openings(addresses) {
    if (addresses.length === 0) return new Map();
    const documents = await walletOpenings.find({ _id: { $in: [...addresses] } }).toArray();
    return new Map(documents.map((document) => [document._id, document.openingSun]));
  },

  async recordOpening(opening) {
    try {
      await walletOpenings.insertOne({
        _id: opening.address,
        openingSun: opening.openingSun,
        recordedAt: opening.recordedAt,
      });
    } catch (error) {
      // The address has its opening already: the first one recorded stays.
      if (!isDuplicateKey(error)) throw error;
    }
  },
});
