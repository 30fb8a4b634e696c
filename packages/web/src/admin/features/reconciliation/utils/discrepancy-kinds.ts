import type { components } from '@trx-shop/client';

export type ReconciliationReport = components['schemas']['ReconciliationReport'];
export type Discrepancy = ReconciliationReport['discrepancies'][number];
export type DiscrepancyKind = Discrepancy['kind'];

interface KindText {
  readonly title: string;
  readonly meaning: string;
  readonly action: string;
}

/**
 * What each kind of discrepancy means and what to do about it, as docs/operations.md
 * ("Reconciling the ledger with the chain") says; a Record, so a kind the API adds fails typechecking
 * until it is explained here. The order is the order the report shows them in.
 */
export const DISCREPANCY_KINDS: Readonly<Record<DiscrepancyKind, KindText>> = {
  'missing-from-ledger': {
    title: 'Missing from the ledger',
    meaning:
      'A transfer into or out of one of your wallets succeeded on chain, and the ledger has no line for it (ledger: absent) or says it failed.',
    action:
      'Either a transfer was signed with a custodial key outside the service (a leaked key: rotate it with pnpm keys:rotate and move the funds), or the scanner skipped a deposit because its cursor was moved forward: set the deposits cursor in chain_cursors back to the block before it, and the scanner records what it missed (never twice).',
  },
  'not-on-chain': {
    title: 'Not on the chain',
    meaning: 'A ledger line says confirmed, but the chain has no such transfer.',
    action:
      "The store was edited or restored from another network's backup: compare with your backups, and never refund or credit on it.",
  },
  'failed-on-chain': {
    title: 'Failed on the chain',
    meaning: 'A ledger line says confirmed, but the transfer failed on chain and moved nothing.',
    action:
      "The store was edited or restored from another network's backup: compare with your backups, and never refund or credit on it. The order or withdrawal behind it was never paid.",
  },
  mismatch: {
    title: 'Mismatch',
    meaning: 'A ledger line disagrees with its transfer on the amount, sender or recipient.',
    action: 'The store was edited; the chain is right.',
  },
  balance: {
    title: 'Wallet balance',
    meaning: 'A wallet holds more or less than its opening balance + in − out − fees.',
    action:
      'It follows from the rows above for the same wallet; alone, it means a movement in blocks the scanner never read (its cursor was moved).',
  },
};

export const DISCREPANCY_KIND_ORDER = Object.keys(DISCREPANCY_KINDS) as DiscrepancyKind[];

export interface DiscrepancyGroup {
  readonly kind: DiscrepancyKind;
  /** How many the run found (the report lists at most the first 1,000 rows). */
  readonly found: number;
  readonly rows: readonly Discrepancy[];
}

/** The report's discrepancies by kind, in the order above, leaving out the kinds it did not find. */
export const groupByKind = (report: ReconciliationReport): DiscrepancyGroup[] =>
  DISCREPANCY_KIND_ORDER.map((kind) => ({
    kind,
    found: report.summary.byKind[kind],
    rows: report.discrepancies.filter((row) => row.kind === kind),
  })).filter((group) => group.found > 0 || group.rows.length > 0);
