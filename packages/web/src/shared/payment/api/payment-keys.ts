import { SHOPPER_QUERY_ROOTS } from '../../api/shopper-events.js';

/** The query keys of an order and of the wallet's fee estimate, under the roots the shopper's frames refresh. */
export const paymentKeys = {
  order: (id: string) => [SHOPPER_QUERY_ROOTS.orders, 'order', id] as const,
  feeEstimate: (amount: string) => [SHOPPER_QUERY_ROOTS.wallet, 'fee-estimate', amount] as const,
};
