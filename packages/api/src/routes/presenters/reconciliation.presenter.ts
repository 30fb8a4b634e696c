import { COMPONENT_NAME } from '../../http/components.js';
import {
  DISCREPANCY_KINDS,
  type Discrepancy,
  formatSunAsTrx,
  type ReconciliationReport,
  type ReconciliationReportSummary,
  totalDiscrepancies,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { IsoDate, Nullable, OneOf } from '../../http/schemas.js';

const DiscrepancyView = Type.Object(
  {
    kind: OneOf(DISCREPANCY_KINDS),
    txHash: Nullable(Type.String()),
    transactionId: Nullable(Type.String({ description: 'the ledger line concerned' })),
    address: Nullable(Type.String({ description: 'the held wallet concerned' })),
    blockNumber: Nullable(Type.Integer()),
    field: Nullable(OneOf(['amount', 'sender', 'recipient', 'status', 'balance'] as const)),
    ledger: Nullable(Type.String({ description: "the ledger's value (amounts in TRX)" })),
    chain: Nullable(Type.String({ description: "the chain's value (amounts in TRX)" })),
    detail: Type.String(),
  },
  { additionalProperties: false },
);

const CountsView = Type.Object(
  Object.fromEntries(DISCREPANCY_KINDS.map((kind) => [kind, Type.Integer()])) as Record<
    (typeof DISCREPANCY_KINDS)[number],
    ReturnType<typeof Type.Integer>
  >,
  { additionalProperties: false },
);

const REPORT_EXAMPLE = {
  id: '6760c0f4a1b2c3d4e5f60770',
  ok: false,
  startedAt: '2025-01-15T11:00:00.000Z',
  finishedAt: '2025-01-15T11:00:04.000Z',
  blocks: { from: 61250000, to: 61251200 },
  transfersChecked: 38,
  linesChecked: 38,
  allWallets: false,
  walletsChecked: 12,
  walletsSkipped: 0,
  openingsRecorded: 0,
  summary: {
    discrepancies: 1,
    byKind: {
      'missing-from-ledger': 0,
      'not-on-chain': 0,
      'failed-on-chain': 0,
      mismatch: 1,
      balance: 0,
    },
  },
  discrepancies: [
    {
      kind: 'mismatch',
      txHash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
      transactionId: '6760c0f4a1b2c3d4e5f60740',
      address: null,
      blockNumber: 61250123,
      field: 'amount',
      ledger: '150.6',
      chain: '150.5',
      detail: 'the ledger and the chain disagree on the amount',
    },
  ],
};

export const ReconciliationReportView = Type.Object(
  {
    id: Type.String(),
    ok: Type.Boolean({ description: 'true when nothing was found wrong' }),
    startedAt: IsoDate,
    finishedAt: IsoDate,
    blocks: Nullable(
      Type.Object(
        { from: Type.Integer(), to: Type.Integer() },
        { additionalProperties: false, description: 'the blocks compared, both included' },
      ),
    ),
    transfersChecked: Type.Integer(),
    linesChecked: Type.Integer(),
    allWallets: Type.Boolean(),
    walletsChecked: Type.Integer(),
    walletsSkipped: Type.Integer({ description: 'wallets with a transfer in flight: checked next run' }),
    openingsRecorded: Type.Integer({
      description: 'wallets older than the scanner whose opening was taken now',
    }),
    summary: Type.Object(
      { discrepancies: Type.Integer(), byKind: CountsView },
      { additionalProperties: false },
    ),
    discrepancies: Type.Array(DiscrepancyView, { description: 'the first 1,000 rows' }),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'ReconciliationReport',
    examples: [REPORT_EXAMPLE],
  },
);

const AMOUNT_FIELDS: ReadonlySet<Discrepancy['field']> = new Set(['amount', 'balance']);

/** A row with its SUN amounts as TRX text (addresses and statuses as they are). */
export const presentDiscrepancy = (row: Discrepancy) => {
  const value = (text: string | null) =>
    text !== null && AMOUNT_FIELDS.has(row.field) ? formatSunAsTrx(Number(text)) : text;
  return { ...row, ledger: value(row.ledger), chain: value(row.chain) };
};

const { discrepancies: _exampleRows, ...SUMMARY_EXAMPLE } = REPORT_EXAMPLE;

/** A run as the history lists it: every field of its report but the discrepancy rows. */
export const ReconciliationRunSummaryView = Type.Omit(ReconciliationReportView, ['discrepancies'], {
  additionalProperties: false,
  [COMPONENT_NAME]: 'ReconciliationRunSummary',
  examples: [SUMMARY_EXAMPLE],
});

export const presentReconciliationRunSummary = (report: ReconciliationReportSummary) => ({
  id: report.id,
  ok: totalDiscrepancies(report) === 0,
  startedAt: report.startedAt.toISOString(),
  finishedAt: report.finishedAt.toISOString(),
  blocks: report.blocks,
  transfersChecked: report.transfersChecked,
  linesChecked: report.linesChecked,
  allWallets: report.allWallets,
  walletsChecked: report.walletsChecked,
  walletsSkipped: report.walletsSkipped,
  openingsRecorded: report.openingsRecorded,
  summary: { discrepancies: totalDiscrepancies(report), byKind: report.counts },
});

export const presentReconciliationReport = (report: ReconciliationReport) => ({
  ...presentReconciliationRunSummary(report),
  discrepancies: report.discrepancies.map(presentDiscrepancy),
});
