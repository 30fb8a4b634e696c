const SUN_PER_TRX = 1_000_000;

/**
 * A line's price times its quantity, counted in SUN (whole numbers) so that 0.1 TRX x 3 reads
 * 0.3 TRX, not 0.30000000000000004.
 */
export const lineTotal = (price: number, quantity: number): number =>
  (Math.round(price * SUN_PER_TRX) * quantity) / SUN_PER_TRX;

/** How many items an order holds, every line's quantity counted. */
export const itemCount = (lines: readonly { quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);
