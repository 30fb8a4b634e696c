import { formatSunAsTrx } from '../money/sun.js';
import type { TransferClaim } from '../orders/order.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import type { TransactionRecord } from '../transactions/transaction.js';
import {
  type EventActor,
  type EventPayload,
  type EventSubjects,
  NO_SUBJECTS,
  type ShopEvent,
  type ShopEventType,
} from '../ports/shop-event.js';

/** What a transfer's events tell of it. */
export type TransferFacts = Pick<TransferClaim, 'txId' | 'amountSun' | 'fromAddress' | 'toAddress'>;

export const newEvent = (
  ids: IdGenerator,
  type: ShopEventType,
  at: Date,
  subjects: Partial<EventSubjects>,
  payload: EventPayload,
  actor: EventActor | null = null,
): ShopEvent => ({
  id: ids.newId(),
  type,
  occurredAt: at,
  subjects: { ...NO_SUBJECTS, ...subjects },
  payload,
  actor,
});

/** A transfer as every event payload shows it: money as exact TRX text. */
export const transferPayload = (transfer: TransferFacts) => ({
  txHash: transfer.txId,
  amount: formatSunAsTrx(transfer.amountSun),
  from: transfer.fromAddress,
  to: transfer.toAddress,
});

/** The transfer a ledger line records. */
export const transferOfLine = (line: TransactionRecord): TransferFacts => ({
  txId: line.transactionHash,
  amountSun: line.amountSun,
  fromAddress: line.fromAddress,
  toAddress: line.toAddress,
});
