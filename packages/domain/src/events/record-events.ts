import { formatSunAsTrx } from '../money/sun.js';
import { formatUsdtUnits } from '../money/usdt.js';
import type { TransferClaim } from '../orders/order.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import type { Product } from '../products/product.js';
import type { TransactionRecord } from '../transactions/transaction.js';
import { newEvent, transferOfLine, transferPayload } from './event-parts.js';
import type { EventActor, EventPayload, EventSubjects, ShopEventType } from '../ports/shop-event.js';

/*
 * The payloads of the events of ledger lines, withdrawals, customers and products (docs/api.md,
 * "Events"): money as exact text (TRX, or USDT where named).
 */
export const recordEvents = (ids: IdGenerator, at: Date, actor: EventActor | null = null) => {
  const event = (type: ShopEventType, subjects: Partial<EventSubjects>, payload: EventPayload) =>
    newEvent(ids, type, at, subjects, payload, actor);
  return {
    depositReceived: (line: TransactionRecord) =>
      event(
        'deposit.received',
        { userId: line.userId, transactionId: line.id },
        {
          ...transferPayload(transferOfLine(line)),
          blockNumber: line.blockNumber,
        },
      ),
    feeRecorded: (line: TransactionRecord) =>
      event(
        'fee.recorded',
        { userId: line.userId, orderId: line.orderId, transactionId: line.id },
        {
          txHash: line.transactionHash,
          amount: formatSunAsTrx(line.amountSun),
          payer: line.fromAddress,
        },
      ),
    withdrawalSent: (userId: string, withdrawalId: string, claim: TransferClaim) =>
      event('withdrawal.sent', { userId, transactionId: withdrawalId }, transferPayload(claim)),
    withdrawalSettled: (line: TransactionRecord, state: 'confirmed' | 'failed') =>
      event(
        state === 'confirmed' ? 'withdrawal.confirmed' : 'withdrawal.failed',
        { userId: line.userId, transactionId: line.id },
        state === 'confirmed'
          ? transferPayload(transferOfLine(line))
          : { ...transferPayload(transferOfLine(line)), reason: line.failureReason ?? '' },
      ),
    customerActivity: (userId: string, isActive: boolean, byAdminId: string) =>
      event(isActive ? 'customer.unblocked' : 'customer.blocked', { userId }, { by: byAdminId }),
    productCreated: (product: Product) =>
      event(
        'product.created',
        { productId: product.id },
        {
          name: product.name,
          price: formatSunAsTrx(product.priceSun),
          priceUsdt: product.priceUsdt === null ? null : formatUsdtUnits(product.priceUsdt),
          category: product.category,
          stock: product.stock,
          isActive: product.isActive,
        },
      ),
    productChanged: (type: 'product.updated' | 'product.archived', productId: string, fields: EventPayload) =>
      event(type, { productId }, fields),
    webhookChanged: (
      type: 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.secret_rotated',
      webhookId: string,
      fields: EventPayload,
    ) => event(type, { webhookId }, fields),
    keysRotated: (fields: EventPayload) => event('keys.rotated', {}, fields),
  };
};
