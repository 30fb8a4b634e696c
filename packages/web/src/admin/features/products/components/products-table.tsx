import type { Product } from '@trx-shop/client';
import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { Usdt } from '../../../../shared/ui/usdt.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { CATEGORY_WORDS } from '../../../../shared/format/categories.js';
import { ProductStateBadge } from './product-state-badge.js';
import { ProductThumbnail } from './product-thumbnail.js';
import { RestoreProduct } from './restore-product.js';

export const ProductsTable = ({ products, busy }: { products: readonly Product[]; busy: boolean }) => (
  <TableScroll label="Product list">
    <table aria-label="Products" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Image</th>
          <th scope="col">Name</th>
          <th scope="col">Category</th>
          <th scope="col" className="number">
            Price (TRX)
          </th>
          <th scope="col" className="number">
            Price (USDT)
          </th>
          <th scope="col" className="number">
            Stock
          </th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product._id}>
            <td>
              <ProductThumbnail image={product.image} name={product.name} />
            </td>
            <td>
              <Link href={`/products/${product._id}`}>{product.name}</Link>
            </td>
            <td>{CATEGORY_WORDS[product.category]}</td>
            <td className="number">
              <Trx amount={product.price} />
            </td>
            <td className="number">
              {product.priceUsdt === null ? (
                <span className="muted">Not sold in USDT</span>
              ) : (
                <Usdt amount={product.priceUsdt} />
              )}
            </td>
            <td className="number">
              {product.stock === 0 ? <span className="out-of-stock">Out of stock</span> : product.stock}
            </td>
            <td>
              <div className="product-state-cell">
                <ProductStateBadge isActive={product.isActive} />
                {!product.isActive && <RestoreProduct product={product} />}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
