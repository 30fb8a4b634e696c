import type { NewOrder, OrderLine, OrderRefund, TransferClaim } from '@trx-shop/domain';
import { BUILDER_NOW, minutesAfter } from './fixed-time.js';
import { newObjectId } from './object-id.js';

/** docs/decisions.md section 2: -0.01 TRX on every order. */
export const NETWORK_FEE_SUN = -10_000;

export const buildOrderLine = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  productId: newObjectId(),
  name: 'Line product',
  priceSun: 2_000_000,
  quantity: 1,
  color: null,
  ...overrides,
});

/**
 * A pending order as the create use case would price it: totals follow the given lines
 * (subtotal = sum of price x quantity, total = subtotal + network fee) unless overridden.
 */
export const buildOrder = (overrides: Partial<NewOrder> = {}): NewOrder => {
  const lines = overrides.lines ?? [buildOrderLine()];
  let subtotalSun = 0;
  for (const line of lines) subtotalSun += line.priceSun * line.quantity;
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  return {
    id: newObjectId(),
    userId: newObjectId(),
    lines,
    subtotalSun,
    networkFeeSun: NETWORK_FEE_SUN,
    discountSun: 0,
    totalSun: subtotalSun + NETWORK_FEE_SUN,
    status: 'pending',
    paymentMethod: 'TRC-20',
    transactionHash: null,
    walletAddress: 'TCustomerWalletAddressxxxxxxxxxxxx',
    merchantAddress: 'TMerchantWalletAddressxxxxxxxxxxxx',
    payment: null,
    refunds: [],
    refundClaimedSun: 0,
    refundedSun: 0,
    stockTaken: lines.map(() => null),
    stockRestored: lines.map(() => null),
    purchaseEffect: null,
    refundEffect: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
};

let txSerial = 0;

/** A 64-hex TRON txID, distinct per call. */
export const newTxId = (): string => {
  txSerial += 1;
  return `${newObjectId()}${txSerial.toString(16).padStart(8, '0')}`.padEnd(64, 'a');
};

export const buildTransferClaim = (overrides: Partial<TransferClaim> = {}): TransferClaim => {
  const txId = overrides.txId ?? newTxId();
  const claimedAt = overrides.claimedAt ?? BUILDER_NOW;
  return {
    txId,
    signedTransaction: JSON.stringify({ txID: txId, raw_data: { expiration: 1 }, signature: ['00'] }),
    fromAddress: 'TCustomerWalletAddressxxxxxxxxxxxx',
    toAddress: 'TMerchantWalletAddressxxxxxxxxxxxx',
    amountSun: 1_990_000,
    expiresAt: minutesAfter(claimedAt, 1),
    claimedAt,
    state: 'pending',
    recorded: false,
    ...overrides,
  };
};

/** A refund claim of `amountSun` from the merchant back to the customer, as refund-order signs it. */
export const buildOrderRefund = (overrides: Partial<OrderRefund> = {}): OrderRefund => ({
  ...buildTransferClaim({
    fromAddress: 'TMerchantWalletAddressxxxxxxxxxxxx',
    toAddress: 'TCustomerWalletAddressxxxxxxxxxxxx',
    amountSun: 500_000,
    ...overrides,
  }),
  id: overrides.id ?? newObjectId(),
  reason: overrides.reason ?? null,
});
