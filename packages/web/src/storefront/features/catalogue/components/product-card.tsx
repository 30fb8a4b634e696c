import type { Product } from '@trx-shop/client';
import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { ProductImage } from '../../../../shared/ui/product-image.js';
import { AddToCartButton } from './add-to-cart-button.js';
import { AvailabilityNote } from './availability-note.js';

/** A product in the catalogue's grid: picture, name to its page, price, availability, add. */
export const ProductCard = ({ product }: { product: Product }) => (
  <li className="product-card">
    <ProductImage image={product.image} name={product.name} />
    <h2>
      <Link href={`/products/${product._id}`}>{product.name}</Link>
    </h2>
    <p className="price">
      <Trx amount={product.price} />
    </p>
    <AvailabilityNote stock={product.stock} />
    <AddToCartButton productId={product._id} name={product.name} stock={product.stock} />
  </li>
);
