import { useState } from 'react';
import { type AddOutcome, addToCart } from '../../../../shared/cart/cart-store.js';
import { CART_MAX_LINES } from '../../../../shared/cart/cart-lines.js';
import { useQuantityInCart } from '../../../../shared/cart/use-cart.js';

/**
 * Adds `quantity` of a product, never more in all than its stock; says how many the cart now
 * holds. The button's accessible name ends with the product's, so each card's button is told apart.
 */
export const AddToCartButton = ({
  productId,
  name,
  stock,
  quantity = 1,
}: {
  productId: string;
  name: string;
  stock: number;
  quantity?: number;
}) => {
  const inCart = useQuantityInCart(productId);
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  const allInCart = stock > 0 && inCart >= stock;
  return (
    <div className="add-to-cart">
      <button
        type="button"
        className="primary"
        aria-label={`Add to cart: ${name}`}
        disabled={stock <= 0 || allInCart}
        onClick={() => setOutcome(addToCart(productId, quantity, stock))}
      >
        Add to cart
      </button>
      <p role="status" className="muted">
        {outcome === 'cart-full'
          ? `Your cart is full: an order holds at most ${CART_MAX_LINES} products.`
          : allInCart
            ? `All ${stock} in your cart`
            : inCart > 0
              ? `${inCart} in your cart`
              : ''}
      </p>
    </div>
  );
};
