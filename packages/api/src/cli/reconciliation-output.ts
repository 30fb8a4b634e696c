import type { ReconciliationReport } from '@trx-shop/domain';
import { csvCell, csvLine } from '../http/csv.js';
import {
  presentDiscrepancy,
  presentReconciliationReport,
} from '../routes/presenters/reconciliation.presenter.js';

export const OUTPUT_FORMATS = ['text', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const CSV_COLUMNS = [
  'kind',
  'txHash',
  'transactionId',
  'address',
  'blockNumber',
  'field',
  'ledger',
  'chain',
  'detail',
] as const;

const asText = (report: ReconciliationReport): string => {
  const view = presentReconciliationReport(report);
  const blocks = view.blocks ? `blocks ${view.blocks.from}..${view.blocks.to}` : 'no new blocks';
  const lines = [
    `reconcile: ${blocks}, ${view.transfersChecked} transfers, ${view.linesChecked} ledger lines`,
    `reconcile: ${view.walletsChecked} wallets checked${view.allWallets ? ' (all)' : ''}, ${view.walletsSkipped} in flight, ${view.openingsRecorded} openings recorded`,
    `reconcile: ${view.summary.discrepancies} discrepancies ${Object.entries(view.summary.byKind)
      .map(([kind, count]) => `${kind}=${count}`)
      .join(' ')}`,
    ...view.discrepancies.map(
      (row) =>
        `  ${row.kind}${row.address ? ` ${row.address}` : ''}${row.txHash ? ` tx ${row.txHash}` : ''}${
          row.field ? ` ${row.field}: ledger ${row.ledger ?? '-'}, chain ${row.chain ?? '-'}` : ''
        } (${row.detail})`,
    ),
  ];
  return `${lines.join('\n')}\n`;
};

const asCsv = (report: ReconciliationReport): string =>
  [
    csvLine(CSV_COLUMNS.map((column) => csvCell(column))),
    ...report.discrepancies.map((row) => {
      const view = presentDiscrepancy(row);
      return csvLine(
        CSV_COLUMNS.map((column) =>
          column === 'blockNumber'
            ? csvCell(view.blockNumber === null ? '' : String(view.blockNumber), 'number')
            : csvCell(view[column] ?? ''),
        ),
      );
    }),
  ].join('');

/** The report as the operator asked for it: a summary and rows, JSON (the route's), or CSV rows. */
export const formatReport = (report: ReconciliationReport, format: OutputFormat): string => {
  if (format === 'json') return `${JSON.stringify(presentReconciliationReport(report), null, 2)}\n`;
  if (format === 'csv') return asCsv(report);
  return asText(report);
};
