import { orderEvents } from '../../events/order-events.js';
import type { NewOrder } from '../../ports/order-store.port.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { Order } from '../../orders/order.js';
import { err, type Result } from '../../shared/result.js';
import { type MerchantWalletError, resolveMerchantWallet } from '../payments/merchant-wallet.js';
import type { PaymentDeps } from '../payments/payment-deps.js';
import { type OrderItemInput, type PriceLinesError, priceLines } from './order-lines.js';

export type CreateOrderError =
  | DomainError<'PENDING_ORDER_EXISTS' | 'NO_WALLET'>
  | PriceLinesError
  | MerchantWalletError;
export const CREATE_ORDER_ERRORS = codesOf<CreateOrderError>()([
  'PENDING_ORDER_EXISTS',
  'NO_WALLET',
  'PRODUCT_NOT_FOUND',
  'INSUFFICIENT_STOCK',
  'VALIDATION_ERROR',
  'ORDER_TOTAL_TOO_LOW',
  'MERCHANT_NOT_CONFIGURED',
]);

/**
 * Creates a pending order, checking in the specification's order: a pending order already
 * (409), no wallet (400), then the lines as priceLines prices them (each product missing or
 * archived: 404, short of available stock: 400, then the price). The store enforces the
 * one-pending-order rule atomically; the early check only gives the specification's answer first
 * when nothing races.
 */
export const createOrder = async (
  deps: Pick<PaymentDeps, 'store' | 'clock' | 'ids' | 'configuredMerchantAddress'>,
  userId: string,
  items: readonly OrderItemInput[],
): Promise<Result<Order, CreateOrderError>> => {
  const { orders, users, products } = deps.store;
  const pending = await orders.findPendingByUser(userId);
  if (pending) {
    return err(
      domainError('PENDING_ORDER_EXISTS', 'You already have a pending order', { pendingOrderId: pending.id }),
    );
  }
  const user = await users.findById(userId);
  if (!user?.wallet.address) return err(domainError('NO_WALLET', 'User has no wallet address'));

  const priced = await priceLines(products, items);
  if (!priced.ok) return priced;
  const merchant = await resolveMerchantWallet(users, deps.configuredMerchantAddress);
  if (!merchant.ok) return merchant;

  const now = deps.clock.now();
  const draft: NewOrder = {
    id: deps.ids.newId(),
    userId,
    ...priced.value,
    status: 'pending',
    paymentMethod: 'TRC-20',
    transactionHash: null,
    walletAddress: user.wallet.address,
    merchantAddress: merchant.value.address,
    payment: null,
    refunds: [],
    refundClaimedSun: 0,
    refundedSun: 0,
    stockTaken: priced.value.lines.map(() => null),
    stockRestored: priced.value.lines.map(() => null),
    purchaseEffect: null,
    refundEffect: null,
    createdAt: now,
    updatedAt: now,
  };
  return orders.create(draft, [orderEvents(deps.ids, now).created(draft)]);
};
