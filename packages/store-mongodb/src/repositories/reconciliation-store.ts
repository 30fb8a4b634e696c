import {
  offsetOf,
  pageOf,
  type ReconciliationReportSummary,
  type ReconciliationStore,
} from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';

/** The history's order, newest first (index `reconciliation_reports_started`); its first is the latest. */
const NEWEST_RUN_FIRST = { 'report.startedAt': -1, _id: -1 } as const;

/**
 * Reconciliation's state beside the ledger, so every instance and the CLI share it. Each write is
 * one single-document operation: a report its own document keyed by its id (every run's is kept),
 * an opening an insert keyed by its address, so of concurrent runs the first opening stays and the
 * others are refused.
 */
export const createMongoReconciliationStore = ({
  reconciliationReports,
  walletOpenings,
}: Pick<ShopCollections, 'reconciliationReports' | 'walletOpenings'>): ReconciliationStore => ({
  async saveReport(report) {
    await reconciliationReports.replaceOne({ _id: report.id }, { report }, { upsert: true });
  },

  async latestReport() {
    return (await reconciliationReports.findOne({}, { sort: NEWEST_RUN_FIRST }))?.report ?? null;
  },

  async listReports(page) {
    const [documents, total] = await Promise.all([
      reconciliationReports
        .find({}, { projection: { 'report.discrepancies': 0 } })
        .sort(NEWEST_RUN_FIRST)
        .skip(offsetOf(page))
        .limit(page.limit)
        .toArray(),
      reconciliationReports.countDocuments({}),
    ]);
    // The projection left the rows out: what remains is the summary.
    const summaries = documents.map((document) => document.report as ReconciliationReportSummary);
    return pageOf(summaries, total, page);
  },

  async findReport(id) {
    return (await reconciliationReports.findOne({ _id: id }))?.report ?? null;
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
