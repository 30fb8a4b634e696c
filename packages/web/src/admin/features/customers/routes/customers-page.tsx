import { useSearchParams } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useCustomers } from '../api/customers.js';
import { CustomerSearchForm } from '../components/customer-search-form.js';
import { CustomerStatsCards } from '../components/customer-stats.js';
import { CustomersTable } from '../components/customers-table.js';
import { ExportCustomersButton } from '../components/export-customers-button.js';
import { type CustomerFilters, customerFiltersOf, customerSearchOf } from '../utils/customer-filters.js';

/** Every customer, searched and paged by the API; the search lives in the URL. */
const CustomersPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = customerFiltersOf(params);
  const customers = useCustomers(filters);
  const show = (next: CustomerFilters) => setParams(customerSearchOf(next));

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Customers</h1>
        <ExportCustomersButton />
      </div>
      {customers.data && (
        <CustomerStatsCards stats={customers.data.stats} searched={filters.search !== undefined} />
      )}
      <CustomerSearchForm search={filters.search} onSearch={(search) => show({ search, page: 1 })} />
      {customers.isPending ? (
        <Loading label="Loading customers" />
      ) : customers.isError ? (
        <ErrorNotice error={customers.error} title="The customers could not be loaded" />
      ) : customers.data.users.length === 0 ? (
        <Empty>
          {customers.data.pagination.total > 0
            ? `Page ${filters.page} is past the last page.`
            : filters.search
              ? 'No customer matches this search.'
              : 'No customers yet: they appear here as they register.'}
        </Empty>
      ) : (
        <CustomersTable customers={customers.data.users} busy={customers.isPlaceholderData} />
      )}
      {customers.data && customers.data.pagination.total > 0 && (
        <>
          <p className="muted">
            {customers.data.pagination.total}{' '}
            {customers.data.pagination.total === 1 ? 'customer' : 'customers'}
          </p>
          <Pager
            page={filters.page}
            pages={customers.data.pagination.pages}
            onPage={(page) => show({ ...filters, page })}
          />
        </>
      )}
    </section>
  );
};

export default CustomersPage;
