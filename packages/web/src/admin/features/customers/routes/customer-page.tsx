import { Link, useSearchParams } from 'wouter';
import { pageOf } from '../../../../shared/format/page-param.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useCustomer } from '../api/customer.js';
import { BlockCustomer } from '../components/block-customer.js';
import { CustomerOrders } from '../components/customer-orders.js';
import { CustomerProfile } from '../components/customer-profile.js';
import { CustomerSpending } from '../components/customer-spending.js';

/** One customer: profile, spending, their orders, and blocking them. */
const CustomerPage = ({ id }: { id: string }) => {
  const detail = useCustomer(id);
  const [params, setParams] = useSearchParams();
  const ordersPage = pageOf(params);

  const back = (
    <p>
      <Link href="/customers">← All customers</Link>
    </p>
  );
  if (detail.isPending) return <Loading label="Loading the customer" />;
  if (detail.isError) {
    return (
      <section>
        {back}
        <h1>Customer</h1>
        <ErrorNotice error={detail.error} title="The customer could not be loaded" />
      </section>
    );
  }
  const { customer, orders } = detail.data;
  return (
    <section className="stack">
      {back}
      <h1>Customer {customer.username}</h1>
      <CustomerProfile customer={customer} />
      <CustomerSpending customer={customer} orders={orders} />
      <BlockCustomer customer={customer} />
      <CustomerOrders
        customerId={id}
        page={ordersPage}
        onPage={(page) => setParams(page > 1 ? { page: String(page) } : {})}
      />
    </section>
  );
};

export default CustomerPage;
