import { formatSunAsTrx } from '../money/sun.js';
import type { TransferClaim } from '../orders/order.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import type { Product } from '../products/product.js';
import type { TransactionRecord } from '../transactions/transaction.js';
import {
  type EventPayload,
  NO_SUBJECTS,
  type EventSubjects,
  type ShopEvent,
  type ShopEventType,
} from './shop-event.js';

const event = (
  ids: IdGenerator,
  type: ShopEventType,
  at: Date,
  subjects: Partial<EventSubjects>,
  payload: EventPayload,
): ShopEvent => ({
  id: ids.newId(),
  type,
  occurredAt: at,
  subjects: { ...NO_SUBJECTS, ...subjects },
  payload,
});

const transferOf = (claim: Pick<TransferClaim, 'txId' | 'amountSun' | 'fromAddress' | 'toAddress'>) => ({
  txHash: claim.txId,
  amount: formatSunAsTrx(claim.amountSun),
  from: claim.fromAddress,
  to: claim.toAddress,
});

const lineTransfer = (line: TransactionRecord) => ({
  txId: line.transactionHash,
  amountSun: line.amountSun,
  fromAddress: line.fromAddress,
  toAddress: line.toAddress,
});

/*
 * The payloads of the events of ledger lines, withdrawals, customers and products (docs/api.md,
 * "Events"): money as exact TRX text.
 */
export const recordEvents = (ids: IdGenerator, at: Date) => ({
  depositReceived: (line: TransactionRecord) =>
    event(
      ids,
      'deposit.received',
      at,
      { userId: line.userId, transactionId: line.id },
      {
        ...transferOf(lineTransfer(line)),
        blockNumber: line.blockNumber,
      },
    ),
  feeRecorded: (line: TransactionRecord) =>
    event(
      ids,
      'fee.recorded',
      at,
      { userId: line.userId, orderId: line.orderId, transactionId: line.id },
      {
        txHash: line.transactionHash,
        amount: formatSunAsTrx(line.amountSun),
        payer: line.fromAddress,
      },
    ),
  withdrawalSent: (userId: string, withdrawalId: string, claim: TransferClaim) =>
    event(ids, 'withdrawal.sent', at, { userId, transactionId: withdrawalId }, transferOf(claim)),
  withdrawalSettled: (line: TransactionRecord, state: 'confirmed' | 'failed') =>
    event(
      ids,
      state === 'confirmed' ? 'withdrawal.confirmed' : 'withdrawal.failed',
      at,
      { userId: line.userId, transactionId: line.id },
      state === 'confirmed'
        ? transferOf(lineTransfer(line))
        : { ...transferOf(lineTransfer(line)), reason: line.failureReason ?? '' },
    ),
  customerActivity: (userId: string, isActive: boolean, byAdminId: string) =>
    event(ids, isActive ? 'customer.unblocked' : 'customer.blocked', at, { userId }, { by: byAdminId }),
  productCreated: (product: Product) =>
    event(
      ids,
      'product.created',
      at,
      { productId: product.id },
      {
        name: product.name,
        price: formatSunAsTrx(product.priceSun),
        category: product.category,
        stock: product.stock,
        isActive: product.isActive,
      },
    ),
  productChanged: (type: 'product.updated' | 'product.archived', productId: string, fields: EventPayload) =>
    event(ids, type, at, { productId }, fields),
});
