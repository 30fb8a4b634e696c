/** At or below this many units a shopper is told how few are left. */
export const FEW_LEFT = 5;

export type Availability =
  | { readonly kind: 'in-stock' }
  | { readonly kind: 'few-left'; readonly left: number }
  | { readonly kind: 'out-of-stock' };

export const availabilityOf = (stock: number): Availability =>
  stock <= 0
    ? { kind: 'out-of-stock' }
    : stock <= FEW_LEFT
      ? { kind: 'few-left', left: stock }
      : { kind: 'in-stock' };

export const availabilityWords = (availability: Availability): string =>
  availability.kind === 'in-stock'
    ? 'In stock'
    : availability.kind === 'few-left'
      ? `Only ${availability.left} left`
      : 'Out of stock';
