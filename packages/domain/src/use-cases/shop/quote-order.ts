import { codesOf } from '../../errors/domain-error.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import type { Result } from '../../shared/result.js';
import { type OrderItemInput, type PricedLines, type PriceLinesError, priceLines } from './order-lines.js';

export type QuoteOrderError = PriceLinesError;
export const QUOTE_ORDER_ERRORS = codesOf<QuoteOrderError>()([
  'PRODUCT_NOT_FOUND',
  'INSUFFICIENT_STOCK',
  'VALIDATION_ERROR',
  'ORDER_TOTAL_TOO_LOW',
]);

/**
 * What an order of `items` would cost now, priced and refused exactly as createOrder prices and
 * refuses its lines; it writes and holds nothing, so anyone may ask (prices are public).
 */
export const quoteOrder = (
  deps: { readonly store: Pick<ShopStore, 'products'> },
  items: readonly OrderItemInput[],
): Promise<Result<PricedLines, QuoteOrderError>> => priceLines(deps.store.products, items);
