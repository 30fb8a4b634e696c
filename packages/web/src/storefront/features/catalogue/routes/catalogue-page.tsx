import { Link, useSearchParams } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useCatalogue } from '../api/catalogue.js';
import { CatalogueFiltersForm } from '../components/catalogue-filters-form.js';
import { ProductCard } from '../components/product-card.js';
import {
  type CatalogueFilters,
  catalogueFiltersOf,
  catalogueSearchOf,
  isFiltered,
} from '../utils/catalogue-filters.js';

/** The products on sale, searched, filtered and paged by the API; the view lives in the URL. */
const CataloguePage = () => {
  const [params, setParams] = useSearchParams();
  const filters = catalogueFiltersOf(params);
  const catalogue = useCatalogue(filters);
  const show = (next: CatalogueFilters) => setParams(catalogueSearchOf(next));

  return (
    <section className="stack catalogue">
      <h1>Shop</h1>
      <CatalogueFiltersForm filters={filters} onChange={show} />
      {catalogue.isPending ? (
        <Loading label="Loading products" />
      ) : catalogue.isError ? (
        <ErrorNotice error={catalogue.error} title="The products could not be loaded" />
      ) : catalogue.data.products.length === 0 ? (
        catalogue.data.pagination.total > 0 ? (
          <Empty>
            Page {filters.page} is past the last page: <Link href="/">back to the first</Link>.
          </Empty>
        ) : (
          <Empty>{isFiltered(filters) ? 'No products match.' : 'Nothing is for sale yet.'}</Empty>
        )
      ) : (
        <ul className="product-grid" aria-label="Products" aria-busy={catalogue.isPlaceholderData}>
          {catalogue.data.products.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </ul>
      )}
      {catalogue.data && catalogue.data.pagination.total > 0 && (
        <>
          <p className="muted">
            {catalogue.data.pagination.total} {catalogue.data.pagination.total === 1 ? 'product' : 'products'}
          </p>
          <Pager
            page={filters.page}
            pages={catalogue.data.pagination.pages}
            onPage={(page) => show({ ...filters, page })}
          />
        </>
      )}
    </section>
  );
};

export default CataloguePage;
