import { offsetOf, pageOf, type ReconciliationReport, type ReconciliationStore } from '@trx-shop/domain';

/** Newest first: by `startedAt`, then by id. */
const newestFirst = (a: ReconciliationReport, b: ReconciliationReport): number =>
  b.startedAt.getTime() - a.startedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export const createMemoryReconciliationStore = (): ReconciliationStore => {
  const reports = new Map<string, ReconciliationReport>();
  const openings = new Map<string, number>();
  const sorted = () => [...reports.values()].sort(newestFirst);
  return {
    async saveReport(report) {
      reports.set(report.id, report);
    },
    async latestReport() {
      return sorted()[0] ?? null;
    },
    async listReports(page) {
      const offset = offsetOf(page);
      const items = sorted()
        .slice(offset, offset + page.limit)
        .map(({ discrepancies: _rows, ...summary }) => summary);
      return pageOf(items, reports.size, page);
    },
    async findReport(id) {
      return reports.get(id) ?? null;
    },
    async openings(addresses) {
      return new Map(
        addresses.flatMap((address) => {
          const opening = openings.get(address);
          return opening === undefined ? [] : [[address, opening] as const];
        }),
      );
    },
    async recordOpening(opening) {
      if (!openings.has(opening.address)) openings.set(opening.address, opening.openingSun);
    },
  };
};
