import type { OrderQuote } from '@trx-shop/client';
import type { FakeAnswer } from '../../support/fake-api.js';

/** A quote as the API answers it; amounts are the test's own, so the page can only have read them. */
export const aQuote = (overrides: Partial<OrderQuote> = {}): OrderQuote => ({
  products: [],
  subtotal: 162,
  networkFee: -0.01,
  discount: 0,
  total: 161.99,
  ...overrides,
});

export const quoteAnswer = (quote: OrderQuote = aQuote(), until?: Promise<unknown>): FakeAnswer => ({
  method: 'POST',
  path: '/api/orders/quote',
  body: { success: true, quote },
  ...(until ? { until } : {}),
});
