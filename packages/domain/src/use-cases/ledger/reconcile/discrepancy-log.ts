import {
  type Discrepancy,
  type DiscrepancyKind,
  MAX_REPORTED_DISCREPANCIES,
  noDiscrepancies,
} from '../../../reconciliation/reconciliation-report.js';

/** Collects a run's discrepancies: every one counted, the first MAX_REPORTED_DISCREPANCIES kept. */
export class DiscrepancyLog {
  readonly counts: Record<DiscrepancyKind, number> = noDiscrepancies();
  readonly rows: Discrepancy[] = [];

  add(
    row: Omit<
      Discrepancy,
      'txHash' | 'transactionId' | 'address' | 'blockNumber' | 'field' | 'ledger' | 'chain'
    > &
      Partial<Discrepancy>,
  ): void {
    this.counts[row.kind] += 1;
    if (this.rows.length >= MAX_REPORTED_DISCREPANCIES) return;
    this.rows.push({
      txHash: null,
      transactionId: null,
      address: null,
      blockNumber: null,
      field: null,
      ledger: null,
      chain: null,
      ...row,
    });
  }
}
