import { formatSunAsTrx } from '../money/sun.js';
import type { TransferClaim } from '../orders/order.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import type { Product } from '../products/product.js';
import type { TransactionRecord } from '../transactions/transaction.js';
import { newEvent, transferOfLine, transferPayload } from './event-parts.js';
import type { EventPayload } from './shop-event.js';

/*
 * The payloads of the events of ledger lines, withdrawals, customers and products (docs/api.md,
 * "Events"): money as exact TRX text.
 */
export const recordEvents = (ids: IdGenerator, at: Date) => ({
  depositReceived: (line: TransactionRecord) =>
    newEvent(
      ids,
      'deposit.received',
      at,
      { userId: line.userId, transactionId: line.id },
      {
        ...transferPayload(transferOfLine(line)),
        blockNumber: line.blockNumber,
      },
    ),
  feeRecorded: (line: TransactionRecord) =>
    newEvent(
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
    newEvent(ids, 'withdrawal.sent', at, { userId, transactionId: withdrawalId }, transferPayload(claim)),
  withdrawalSettled: (line: TransactionRecord, state: 'confirmed' | 'failed') =>
    newEvent(
      ids,
      state === 'confirmed' ? 'withdrawal.confirmed' : 'withdrawal.failed',
      at,
      { userId: line.userId, transactionId: line.id },
      state === 'confirmed'
        ? transferPayload(transferOfLine(line))
        : { ...transferPayload(transferOfLine(line)), reason: line.failureReason ?? '' },
    ),
  customerActivity: (userId: string, isActive: boolean, byAdminId: string) =>
    newEvent(ids, isActive ? 'customer.unblocked' : 'customer.blocked', at, { userId }, { by: byAdminId }),
  productCreated: (product: Product) =>
    newEvent(
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
    newEvent(ids, type, at, { productId }, fields),
});
