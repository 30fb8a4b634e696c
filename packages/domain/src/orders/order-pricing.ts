import { type DomainError, domainError } from '../errors/domain-error.js';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MAX_ORDER_TOTAL_SUN,
  MAX_PRODUCT_PRICE_SUN,
  MIN_LINE_QUANTITY,
} from '../money/limits.js';
import { addSun, multiplySun, type Sun } from '../money/sun.js';
import { err, ok, type Result } from '../shared/result.js';

/** Every order carries a network fee of -0.01 TRX (specification, Limits). */
export const NETWORK_FEE_SUN: Sun = -10_000;
export const DISCOUNT_SUN: Sun = 0;

export interface PricedLineInput {
  readonly unitPriceSun: Sun;
  readonly quantity: number;
}

export interface OrderPrice {
  readonly subtotalSun: Sun;
  readonly networkFeeSun: Sun;
  readonly discountSun: Sun;
  readonly totalSun: Sun;
}

const invalid = (field: string, message: string): DomainError<'VALIDATION_ERROR'> =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

export const isValidQuantity = (quantity: number): boolean =>
  Number.isInteger(quantity) && quantity >= MIN_LINE_QUANTITY && quantity <= MAX_LINE_QUANTITY;

/** subtotal = sum of price x quantity; total = subtotal + networkFee, which must stay positive. */
export type PriceOrderError = DomainError<'VALIDATION_ERROR' | 'ORDER_TOTAL_TOO_LOW'>;

export const priceOrder = (lines: readonly PricedLineInput[]): Result<OrderPrice, PriceOrderError> => {
  if (lines.length === 0) return err(invalid('products', 'an order needs at least one product'));
  if (lines.length > MAX_ORDER_LINES) {
    return err(invalid('products', `an order holds at most ${MAX_ORDER_LINES} lines`));
  }
  // Stop as soon as the running subtotal passes what any valid order may total, so the sum stays
  // far inside the safe-integer range however many lines are given.
  const subtotalLimit = MAX_ORDER_TOTAL_SUN - NETWORK_FEE_SUN;
  const tooLarge = () => err(invalid('products', 'order total exceeds 1,000,000,000 TRX'));
  let subtotalSun = 0;
  for (const [index, line] of lines.entries()) {
    if (!isValidQuantity(line.quantity)) {
      return err(
        invalid(
          `products/${index}/quantity`,
          `quantity must be an integer from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}`,
        ),
      );
    }
    if (
      !Number.isSafeInteger(line.unitPriceSun) ||
      line.unitPriceSun <= 0 ||
      line.unitPriceSun > MAX_PRODUCT_PRICE_SUN
    ) {
      return err(invalid(`products/${index}/price`, 'price must be above 0 and at most 1,000,000 TRX'));
    }
    subtotalSun = addSun(subtotalSun, multiplySun(line.unitPriceSun, line.quantity));
    if (subtotalSun > subtotalLimit) return tooLarge();
  }
  const totalSun = addSun(subtotalSun, NETWORK_FEE_SUN) - DISCOUNT_SUN;
  if (totalSun <= 0) {
    return err(
      domainError('ORDER_TOTAL_TOO_LOW', 'Order total must be greater than 0 after the network fee'),
    );
  }
  return ok({ subtotalSun, networkFeeSun: NETWORK_FEE_SUN, discountSun: DISCOUNT_SUN, totalSun });
};
