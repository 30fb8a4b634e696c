import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { removeFromCart, setCartQuantity } from '../../../../shared/cart/cart-store.js';
import { useCart } from '../../../../shared/cart/use-cart.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useCartProducts } from '../api/cart-products.js';
import { useCartQuote } from '../api/cart-quote.js';
import { CartChanges } from '../components/cart-changes.js';
import { CartLineItem } from '../components/cart-line-item.js';
import { CartSummary } from '../components/cart-summary.js';
import { type CartChange, reviewCart } from '../utils/cart-review.js';

/** Brings the stored cart in line with what the API sells now; answers the notes to show. */
const useCartReview = () => {
  const { lines, units } = useCart();
  const review = reviewCart(lines, useCartProducts(lines));
  const [applied, setApplied] = useState<readonly CartChange[]>([]);
  const signature = JSON.stringify(review.changes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the changes are compared by value (signature), not by the array made each render
  useEffect(() => {
    if (review.changes.length === 0) return;
    for (const change of review.changes) {
      if (change.kind === 'reduced') setCartQuantity(change.productId, change.stock);
      else removeFromCart(change.productId);
    }
    setApplied((earlier) => [
      ...earlier.filter((note) => !review.changes.some((change) => change.productId === note.productId)),
      ...review.changes,
    ]);
  }, [signature]);
  return { review, units, empty: lines.length === 0, applied };
};

/** The cart: each product at its price now, quantities within stock, and the API's quote of it all. */
const CartPage = () => {
  const { review, units, empty, applied } = useCartReview();
  const held = review.failed.length > 0;
  const quote = useCartQuote(
    review.lines.map(({ line }) => line),
    !review.pending && !held,
  );
  return (
    <section className="stack cart">
      <h1>Your cart</h1>
      <CartChanges changes={applied} />
      {empty ? (
        <Empty>
          Your cart is empty. <Link href="/">Browse the shop</Link>
        </Empty>
      ) : review.pending ? (
        <Loading label="Checking prices and stock" />
      ) : (
        <>
          {review.failed.map(({ line, error }) => (
            <ErrorNotice
              key={line.productId}
              error={error}
              title="A product in your cart could not be read"
            />
          ))}
          <ul className="cart-lines" aria-label="Products in your cart">
            {review.lines.map((reviewed) => (
              <CartLineItem key={reviewed.line.productId} {...reviewed} />
            ))}
          </ul>
          <CartSummary units={units} quote={quote} held={held} />
        </>
      )}
    </section>
  );
};

export default CartPage;
