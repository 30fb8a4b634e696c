import { isShopApiError, type Product } from '@trx-shop/client';
import type { CartLine } from '../../../../shared/cart/cart-lines.js';

/** What the API answered for one cart product. */
export interface ProductAnswer {
  readonly product: Product | undefined;
  readonly error: unknown;
  readonly pending: boolean;
}

/** A cart line with its product as sold now. */
export interface ReviewedLine {
  readonly line: CartLine;
  readonly product: Product;
}

/** What the cart holds that can no longer be bought as it stands, and what is done about it. */
export type CartChange =
  | { readonly kind: 'gone'; readonly productId: string }
  | { readonly kind: 'sold-out'; readonly productId: string; readonly name: string }
  | { readonly kind: 'reduced'; readonly productId: string; readonly name: string; readonly stock: number };

export interface CartReview {
  readonly lines: readonly ReviewedLine[];
  /** Lines whose product could not be read (network, 5xx): kept, shown with the error. */
  readonly failed: readonly { readonly line: CartLine; readonly error: unknown }[];
  readonly changes: readonly CartChange[];
  readonly pending: boolean;
}

const isGone = (error: unknown): boolean => isShopApiError(error) && error.code === 'PRODUCT_NOT_FOUND';

/** The cart against the API's products now: removed and sold-out products leave, quantities above stock shrink. */
export const reviewCart = (lines: readonly CartLine[], answers: readonly ProductAnswer[]): CartReview => {
  const reviewed: ReviewedLine[] = [];
  const failed: { line: CartLine; error: unknown }[] = [];
  const changes: CartChange[] = [];
  lines.forEach((line, index) => {
    const answer = answers[index];
    if (!answer || answer.pending) return;
    const { product, error } = answer;
    if (!product) {
      if (isGone(error)) changes.push({ kind: 'gone', productId: line.productId });
      else failed.push({ line, error });
    } else if (product.stock <= 0) {
      changes.push({ kind: 'sold-out', productId: line.productId, name: product.name });
    } else if (line.quantity > product.stock) {
      changes.push({ kind: 'reduced', productId: line.productId, name: product.name, stock: product.stock });
      reviewed.push({ line: { ...line, quantity: product.stock }, product });
    } else {
      reviewed.push({ line, product });
    }
  });
  return {
    lines: reviewed,
    failed,
    changes,
    pending: answers.some((answer) => answer.pending),
  };
};

export const changeWords = (change: CartChange): string =>
  change.kind === 'gone'
    ? 'A product in your cart is no longer sold: it was removed.'
    : change.kind === 'sold-out'
      ? `${change.name} is out of stock: it was removed from your cart.`
      : `Only ${change.stock} of ${change.name} ${change.stock === 1 ? 'is' : 'are'} left: your cart now holds ${change.stock}.`;
