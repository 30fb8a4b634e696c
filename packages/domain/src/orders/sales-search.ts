import { parseOrderNumber } from './order-number.js';

/**
 * A sales search (`SalesQuery.search`) that reads as an order number, `#TRX-<n>` in any case and
 * with or without the `#`, also finds that order; this answers its number, or null.
 */
export const orderNumberSearched = (search: string): number | null => {
  const written = /^#?trx-/i.exec(search);
  if (!written) return null;
  const parsed = parseOrderNumber(`#TRX-${search.slice(written[0].length)}`);
  return parsed.ok ? parsed.value : null;
};
