/** One product in the cart and how many: never its price, which is read from the API each time. */
export interface CartLine {
  readonly productId: string;
  readonly quantity: number;
}

// The API's own bounds for an order (createOrder): the cart never holds what checkout would refuse.
export const CART_MAX_LINES = 50;
export const LINE_MAX_QUANTITY = 1000;
const PRODUCT_ID = /^[0-9a-f]{24}$/;

const isLine = (value: unknown): value is CartLine => {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, quantity } = value as Record<string, unknown>;
  return (
    typeof productId === 'string' &&
    PRODUCT_ID.test(productId) &&
    typeof quantity === 'number' &&
    Number.isSafeInteger(quantity) &&
    quantity >= 1
  );
};

/**
 * The lines a stored text holds; whatever is malformed there (an edit by hand, an older format) is
 * left out rather than sent to checkout, and repeated products are summed.
 */
export const cartLinesOf = (stored: string | null): readonly CartLine[] => {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const quantities = new Map<string, number>();
  for (const line of parsed.filter(isLine)) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return [...quantities]
    .slice(0, CART_MAX_LINES)
    .map(([productId, quantity]) => ({ productId, quantity: Math.min(quantity, LINE_MAX_QUANTITY) }));
};

/** The cart with `productId` at `quantity` (removed at 0), in the order the lines were added. */
export const withQuantity = (
  lines: readonly CartLine[],
  productId: string,
  quantity: number,
): readonly CartLine[] => {
  const bounded = Math.min(Math.max(0, Math.floor(quantity)), LINE_MAX_QUANTITY);
  const exists = lines.some((line) => line.productId === productId);
  if (bounded === 0) return lines.filter((line) => line.productId !== productId);
  if (!exists) return [...lines, { productId, quantity: bounded }];
  return lines.map((line) => (line.productId === productId ? { productId, quantity: bounded } : line));
};

/** How many units the cart holds in all. */
export const unitsIn = (lines: readonly CartLine[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);
