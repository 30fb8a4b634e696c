import { Link } from 'wouter';
import { removeFromCart, setCartQuantity } from '../../../../shared/cart/cart-store.js';
import { Trx } from '../../../../shared/ui/money.js';
import { ProductImage } from '../../../../shared/ui/product-image.js';
import { QuantityField } from '../../../../shared/ui/quantity-field.js';
import type { ReviewedLine } from '../utils/cart-review.js';

/** One product in the cart: its unit price now, a quantity within its stock, and Remove. */
export const CartLineItem = ({ line, product }: ReviewedLine) => (
  <li className="cart-line">
    <ProductImage image={product.image} name={product.name} size="small" />
    <div className="cart-line-name">
      <Link href={`/products/${product._id}`}>{product.name}</Link>
      <p className="muted">
        <Trx amount={product.price} /> each
      </p>
    </div>
    <div className="cart-line-actions">
      <QuantityField
        label={`Quantity of ${product.name}`}
        value={line.quantity}
        max={product.stock}
        onChange={(quantity) => setCartQuantity(product._id, quantity)}
      />
      <button
        type="button"
        aria-label={`Remove: ${product.name}`}
        onClick={() => removeFromCart(product._id)}
      >
        Remove
      </button>
    </div>
  </li>
);
