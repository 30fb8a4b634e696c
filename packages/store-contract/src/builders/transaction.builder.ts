import type { TransactionRecord } from '@trx-shop/domain';
import { BUILDER_NOW, minutesAfter } from './fixed-time.js';
import { newObjectId } from './object-id.js';
import { newTxId } from './order.builder.js';

export const buildTransaction = (overrides: Partial<TransactionRecord> = {}): TransactionRecord => {
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  const transactionHash = overrides.transactionHash ?? newTxId();
  return {
    id: newObjectId(),
    userId: newObjectId(),
    orderId: newObjectId(),
    type: 'purchase',
    amountSun: 1_990_000,
    currency: 'TRX',
    network: 'TRC-20',
    transactionHash,
    fromAddress: 'TCustomerWalletAddressxxxxxxxxxxxx',
    toAddress: 'TMerchantWalletAddressxxxxxxxxxxxx',
    status: 'pending',
    confirmations: 0,
    blockNumber: null,
    feeSun: null,
    failureReason: null,
    signedTransaction: JSON.stringify({ txID: transactionHash }),
    expiresAt: minutesAfter(createdAt, 1),
    effectApplied: false,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
};
