import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { OrderLine } from '../../orders/order.js';
import { type OrderPrice, type PriceOrderError, priceOrder } from '../../orders/order-pricing.js';
import type { ProductStore } from '../../ports/product-store.port.js';
import { availableStock } from '../../products/product.js';
import { err, ok, type Result } from '../../shared/result.js';

export interface OrderItemInput {
  readonly productId: string;
  readonly quantity: number;
  readonly color?: string | null;
}

/** The lines of an order and their price, as an order of them would be made now. */
export interface PricedLines extends OrderPrice {
  readonly lines: readonly OrderLine[];
}

export type PriceLinesError = DomainError<'PRODUCT_NOT_FOUND' | 'INSUFFICIENT_STOCK'> | PriceOrderError;

/**
 * The one rule that turns requested items into priced lines, for an order and for its quote: the
 * products read once, each missing or archived (404) or short of available stock (stock minus
 * what payments in flight hold: 400), then the price.
 */
export const priceLines = async (
  products: Pick<ProductStore, 'findManyByIds'>,
  items: readonly OrderItemInput[],
): Promise<Result<PricedLines, PriceLinesError>> => {
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
  return ok({ lines, ...price.value });
};
