import type { Product } from '@trx-shop/client';
import { ArchiveProduct } from './archive-product.js';
import { ProductStateBadge } from './product-state-badge.js';
import { RestoreProduct } from './restore-product.js';

/** Whether the storefront shows the product, and the one action that changes that. */
export const ProductState = ({ product }: { product: Product }) => (
  <section aria-labelledby="product-state" className="stack">
    <h2 id="product-state">State</h2>
    {/* Announced when an action below flips it, since the action's button is gone by then. */}
    <p aria-live="polite" className="product-state-cell">
      <ProductStateBadge isActive={product.isActive} />
      <span className="muted">
        {product.isActive
          ? 'In the storefront: customers can order it.'
          : 'Not in the storefront; past orders and statistics keep it.'}
      </span>
    </p>
    <div className="stack">
      {product.isActive ? <ArchiveProduct product={product} /> : <RestoreProduct product={product} />}
    </div>
  </section>
);
