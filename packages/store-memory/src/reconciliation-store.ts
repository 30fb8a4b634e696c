import type { ReconciliationReport, ReconciliationStore } from '@trx-shop/domain';

export const createMemoryReconciliationStore = (): ReconciliationStore => {
  let latest: ReconciliationReport | null = null;
  const openings = new Map<string, number>();
  return {
    async saveReport(report) {
      latest = report;
    },
    async latestReport() {
      return latest;
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
