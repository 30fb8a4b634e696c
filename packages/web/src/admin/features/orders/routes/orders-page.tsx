import { useSearchParams } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { salesExportHref, useSales } from '../api/sales.js';
import { SalesFiltersForm } from '../components/sales-filters-form.js';
import { SalesTable } from '../components/sales-table.js';
import { hasSalesFilters, type SalesFilters, salesFiltersOf, salesSearchOf } from '../utils/sales-filters.js';
import { useLiveOrders } from '../api/live-orders.js';

/** Every order, filtered and paged by the API; the filters live in the URL. */
const OrdersPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = salesFiltersOf(params);
  const sales = useSales(filters);
  useLiveOrders();
  const show = (next: SalesFilters) => setParams(salesSearchOf(next));

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Orders</h1>
        <a href={salesExportHref(filters)} download="sales.csv">
          Download CSV
        </a>
      </div>
      <SalesFiltersForm filters={filters} onChange={show} />
      {sales.isPending ? (
        <Loading label="Loading orders" />
      ) : sales.isError ? (
        <ErrorNotice error={sales.error} title="The orders could not be loaded" />
      ) : sales.data.sales.length === 0 ? (
        <Empty>
          {sales.data.pagination.total > 0
            ? `Page ${filters.page} is past the last page.`
            : hasSalesFilters(filters)
              ? 'No orders match these filters.'
              : 'No orders yet: they appear here as customers place them.'}
        </Empty>
      ) : (
        <SalesTable sales={sales.data.sales} busy={sales.isPlaceholderData} />
      )}
      {sales.data && sales.data.pagination.total > 0 && (
        <>
          <p className="muted">
            {sales.data.pagination.total} {sales.data.pagination.total === 1 ? 'order' : 'orders'}
          </p>
          <Pager
            page={filters.page}
            pages={sales.data.pagination.pages}
            onPage={(page) => show({ ...filters, page })}
          />
        </>
      )}
    </section>
  );
};

export default OrdersPage;
