import { orderEvents } from '../../events/order-events.js';
import type { NewOrder } from '../../ports/order-store.port.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { Order, OrderLine } from '../../orders/order.js';
import { type PriceOrderError, priceOrder } from '../../orders/order-pricing.js';
import { availableStock } from '../../products/product.js';
import { err, type Result } from '../../shared/result.js';
import { type MerchantWalletError, resolveMerchantWallet } from '../payments/merchant-wallet.js';
import type { PaymentDeps } from '../payments/payment-deps.js';

export interface OrderItemInput {
  readonly productId: string;
  readonly quantity: number;
  readonly color?: string | null;
}

export type CreateOrderError =
  | DomainError<'PENDING_ORDER_EXISTS' | 'NO_WALLET' | 'PRODUCT_NOT_FOUND' | 'INSUFFICIENT_STOCK'>
  | PriceOrderError
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
 * (409), no wallet (400), each product missing or archived (404) or short of available stock (stock
 * minus what payments in flight hold: 400), then
 * pricing. The store enforces the one-pending-order rule atomically; the early check only gives
 * the specification's answer first when nothing races.
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

  const found = new Map(
    (await products.findManyByIds([...new Set(items.map((item) => item.productId))])).map((p) => [p.id, p]),
  );
  const requested = new Map<string, number>();
  const lines: OrderLine[] = [];
  for (const item of items) {
    const product = found.get(item.productId);
    if (!product?.isActive) {
      return err(domainError('PRODUCT_NOT_FOUND', `Product ${item.productId} not found`));
    }
    // Two lines of one product draw on the same stock.
    const wanted = (requested.get(product.id) ?? 0) + item.quantity;
    requested.set(product.id, wanted);
    if (availableStock(product) < wanted) {
      return err(domainError('INSUFFICIENT_STOCK', `Insufficient stock for ${product.name}`));
    }
    lines.push({
      productId: product.id,
      name: product.name,
      priceSun: product.priceSun,
      quantity: item.quantity,
      color: item.color ?? null,
    });
  }
  const price = priceOrder(lines.map((line) => ({ unitPriceSun: line.priceSun, quantity: line.quantity })));
  if (!price.ok) return price;
  const merchant = await resolveMerchantWallet(users, deps.configuredMerchantAddress);
  if (!merchant.ok) return merchant;

  const now = deps.clock.now();
  const draft: NewOrder = {
    id: deps.ids.newId(),
    userId,
    lines,
    ...price.value,
    status: 'pending',
    paymentMethod: 'TRC-20',
    transactionHash: null,
    walletAddress: user.wallet.address,
    merchantAddress: merchant.value.address,
    payment: null,
    refunds: [],
    refundClaimedSun: 0,
    refundedSun: 0,
    stockTaken: lines.map(() => null),
    stockRestored: lines.map(() => null),
    purchaseEffect: null,
    refundEffect: null,
    createdAt: now,
    updatedAt: now,
  };
  return orders.create(draft, [orderEvents(deps.ids, now).created(draft)]);
};
