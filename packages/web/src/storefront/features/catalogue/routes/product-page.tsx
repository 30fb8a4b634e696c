import { isShopApiError, type Product } from '@trx-shop/client';
import { useState } from 'react';
import { Link } from 'wouter';
import { useQuantityInCart } from '../../../../shared/cart/use-cart.js';
import { CATEGORY_WORDS } from '../../../../shared/format/categories.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Trx } from '../../../../shared/ui/money.js';
import { ProductImage } from '../../../../shared/ui/product-image.js';
import { QuantityField } from '../../../../shared/ui/quantity-field.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useProduct } from '../api/product.js';
import { AddToCartButton } from '../components/add-to-cart-button.js';
import { AvailabilityNote } from '../components/availability-note.js';

const BackToShop = () => (
  <p>
    <Link href="/">Back to the shop</Link>
  </p>
);

/** How many to add: at most what the cart does not hold yet of the stock. */
const Purchase = ({ product }: { product: Product }) => {
  const inCart = useQuantityInCart(product._id);
  const left = Math.max(0, product.stock - inCart);
  const [quantity, setQuantity] = useState(1);
  const bounded = Math.min(quantity, Math.max(left, 1));
  return (
    <div className="purchase stack">
      {left > 0 && <QuantityField label="Quantity" value={bounded} max={left} onChange={setQuantity} />}
      <AddToCartButton productId={product._id} name={product.name} stock={product.stock} quantity={bounded} />
      {inCart > 0 && <Link href="/cart">View your cart</Link>}
    </div>
  );
};

/** One product on sale: its picture, details, price and availability, and a way to add it. */
const ProductPage = ({ id }: { id: string }) => {
  const product = useProduct(id);
  if (product.isPending) return <Loading label="Loading the product" />;
  if (product.isError) {
    const missing = isShopApiError(product.error) && product.error.status === 404;
    return (
      <section className="stack">
        <h1>{missing ? 'Product not found' : 'Product'}</h1>
        <ErrorNotice error={product.error} title={missing ? 'This product is not for sale' : undefined} />
        <BackToShop />
      </section>
    );
  }
  const { data } = product;
  return (
    <article className="product-detail">
      <ProductImage image={data.image} name={data.name} size="large" />
      <div className="stack">
        <p className="muted">
          <Link href={`/?category=${data.category}`}>{CATEGORY_WORDS[data.category]}</Link>
        </p>
        <h1>{data.name}</h1>
        <p className="price">
          <Trx amount={data.price} />
        </p>
        <AvailabilityNote stock={data.stock} />
        {data.description && <p className="description">{data.description}</p>}
        <Purchase product={data} />
        <BackToShop />
      </div>
    </article>
  );
};

export default ProductPage;
