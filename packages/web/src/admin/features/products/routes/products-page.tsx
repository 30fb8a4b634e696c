import { Link, useSearchParams } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useAdminProducts } from '../api/products.js';
import { ProductFiltersForm } from '../components/product-filters-form.js';
import { ProductsTable } from '../components/products-table.js';
import {
  hasProductFilters,
  type ProductFilters,
  productFiltersOf,
  productSearchOf,
} from '../utils/product-filters.js';

/** Every product, archived ones too, filtered and paged by the API; the filters live in the URL. */
const ProductsPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = productFiltersOf(params);
  const products = useAdminProducts(filters);
  const show = (next: ProductFilters) => setParams(productSearchOf(next));

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Products</h1>
        <Link href="/products/new" className="button-link">
          New product
        </Link>
      </div>
      <ProductFiltersForm filters={filters} onChange={show} />
      {products.isPending ? (
        <Loading label="Loading products" />
      ) : products.isError ? (
        <ErrorNotice error={products.error} title="The products could not be loaded" />
      ) : products.data.products.length === 0 ? (
        <Empty>
          {products.data.pagination.total > 0
            ? `Page ${filters.page} is past the last page.`
            : hasProductFilters(filters)
              ? 'No products match these filters.'
              : 'No products yet: add the first with New product.'}
        </Empty>
      ) : (
        <ProductsTable products={products.data.products} busy={products.isPlaceholderData} />
      )}
      {products.data && products.data.pagination.total > 0 && (
        <>
          <p className="muted">
            {products.data.pagination.total} {products.data.pagination.total === 1 ? 'product' : 'products'}
          </p>
          <Pager
            page={filters.page}
            pages={products.data.pagination.pages}
            onPage={(page) => show({ ...filters, page })}
          />
        </>
      )}
    </section>
  );
};

export default ProductsPage;
