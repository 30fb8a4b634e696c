import type { Sun } from '../money/sun.js';

/**
 * What reconciliation can find wrong (docs/api.md, "Reconciliation"):
 * - `missing-from-ledger`: a successful transfer on chain into or out of a held wallet that the
 *   ledger lacks (or marks failed) for that side;
 * - `not-on-chain`: a ledger line marked confirmed whose transaction the chain does not have;
 * - `failed-on-chain`: a ledger line marked confirmed whose transfer failed on chain;
 * - `mismatch`: a line and its transfer disagree on the amount, the sender or the recipient;
 * - `balance`: a wallet's balance on chain differs from its opening + in - out - fees.
 */
export const DISCREPANCY_KINDS = [
  'missing-from-ledger',
  'not-on-chain',
  'failed-on-chain',
  'mismatch',
  'balance',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** One row of a report; fields that do not apply to its kind are null. */
export interface Discrepancy {
  readonly kind: DiscrepancyKind;
  /** The TRON txID concerned (null for a balance). */
  readonly txHash: string | null;
  /** The ledger line concerned (null when the ledger has none). */
  readonly transactionId: string | null;
  /** The held wallet concerned. */
  readonly address: string | null;
  readonly blockNumber: number | null;
  /** What differs: `amount`, `sender`, `recipient`, `status` or `balance`. */
  readonly field: 'amount' | 'sender' | 'recipient' | 'status' | 'balance' | null;
  /** The ledger's value (amounts in SUN as text). */
  readonly ledger: string | null;
  /** The chain's value (amounts in SUN as text). */
  readonly chain: string | null;
  readonly detail: string;
}

export type DiscrepancyCounts = Readonly<Record<DiscrepancyKind, number>>;

export interface ReconciliationReport {
  readonly id: string;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  /** The blocks compared, both ends included; null when the scanner had covered nothing new. */
  readonly blocks: { readonly from: number; readonly to: number } | null;
  readonly transfersChecked: number;
  readonly linesChecked: number;
  /** Whether every held wallet's balance was read, or only those active in the blocks compared. */
  readonly allWallets: boolean;
  readonly walletsChecked: number;
  /** Wallets left for the next run: a transfer of theirs is in flight or in a block not yet scanned. */
  readonly walletsSkipped: number;
  /** Wallets whose opening balance was taken in this run (older than the scanner: see docs/operations.md). */
  readonly openingsRecorded: number;
  readonly counts: DiscrepancyCounts;
  /** The first MAX_REPORTED_DISCREPANCIES rows; `counts` has them all. */
  readonly discrepancies: readonly Discrepancy[];
}

/** A report without its rows, as the history of runs lists it (`counts` still has every kind). */
export type ReconciliationReportSummary = Omit<ReconciliationReport, 'discrepancies'>;

/** Rows a report keeps; a run finding more keeps counting them. */
export const MAX_REPORTED_DISCREPANCIES = 1_000;

export const totalDiscrepancies = (report: Pick<ReconciliationReport, 'counts'>): number =>
  DISCREPANCY_KINDS.reduce((sum, kind) => sum + report.counts[kind], 0);

export const noDiscrepancies = (): Record<DiscrepancyKind, number> => ({
  'missing-from-ledger': 0,
  'not-on-chain': 0,
  'failed-on-chain': 0,
  mismatch: 0,
  balance: 0,
});

/** A wallet's balance before the first block the scanner covered, when it already existed then. */
export interface WalletOpening {
  readonly address: string;
  readonly openingSun: Sun;
  readonly recordedAt: Date;
}
