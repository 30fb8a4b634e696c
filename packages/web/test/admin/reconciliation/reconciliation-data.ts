import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type Report = Schemas['ReconciliationReport'];
export type Discrepancy = Report['discrepancies'][number];

export const TX = '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';
export const WALLET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const noneByKind = {
  'missing-from-ledger': 0,
  'not-on-chain': 0,
  'failed-on-chain': 0,
  mismatch: 0,
  balance: 0,
};

/** A report as `GET /api/admin/reconciliation` answers it: nothing found. */
export const aReport = (overrides: Partial<Report> = {}): Report => ({
  id: '6760c0f4a1b2c3d4e5f60770',
  ok: true,
  startedAt: '2026-03-01T11:00:00.000Z',
  finishedAt: '2026-03-01T11:00:04.500Z',
  blocks: { from: 61250000, to: 61251200 },
  transfersChecked: 38,
  linesChecked: 37,
  allWallets: false,
  walletsChecked: 12,
  walletsSkipped: 0,
  openingsRecorded: 0,
  summary: { discrepancies: 0, byKind: noneByKind },
  discrepancies: [],
  ...overrides,
});

export const aDiscrepancy = (overrides: Partial<Discrepancy> = {}): Discrepancy => ({
  kind: 'mismatch',
  txHash: TX,
  transactionId: '6760c0f4a1b2c3d4e5f60740',
  address: null,
  blockNumber: 61250123,
  field: 'amount',
  ledger: '150.6',
  chain: '150.5',
  detail: 'the ledger and the chain disagree on the amount',
  ...overrides,
});

/** A report that found what `rows` lists (its summary counted from them, as the API does). */
export const aReportFinding = (rows: Discrepancy[], overrides: Partial<Report> = {}): Report => {
  const byKind = { ...noneByKind };
  for (const row of rows) byKind[row.kind] += 1;
  return aReport({
    ok: false,
    summary: { discrepancies: rows.length, byKind },
    discrepancies: rows,
    ...overrides,
  });
};

export const runsAnswer = (reports: Report[], pagination: Schemas['Pagination']) => ({
  success: true as const,
  runs: reports.map(({ discrepancies: _, ...run }) => run),
  pagination,
});
