import type { Sun } from '../money/sun.js';
import type { TransactionRecord } from './transaction.js';
import type { TransactionType } from './transaction-status.js';

/** Lines that bring TRX into the wallet they name as `toAddress`. */
export const INCOMING_TYPES: readonly TransactionType[] = ['purchase', 'refund', 'deposit'];
/**
 * Lines that take TRX out of the wallet they name as `fromAddress`. A withdrawal's recipient is
 * not here: if the service holds it, its deposit line is what it received.
 */
export const OUTGOING_TYPES: readonly TransactionType[] = ['purchase', 'refund', 'withdrawal', 'fee'];

export type MovementDirection = 'in' | 'out';

/** What a ledger line means for one wallet: in or out, and by how much (signed); null if nothing. */
export const movementOf = (
  line: Pick<TransactionRecord, 'type' | 'fromAddress' | 'toAddress' | 'amountSun'>,
  address: string,
): { readonly direction: MovementDirection; readonly signedSun: Sun } | null => {
  if (line.toAddress === address && INCOMING_TYPES.includes(line.type)) {
    return { direction: 'in', signedSun: line.amountSun };
  }
  if (line.fromAddress === address && OUTGOING_TYPES.includes(line.type)) {
    return { direction: 'out', signedSun: -line.amountSun };
  }
  return null;
};
